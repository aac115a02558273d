// Gathers one string per rank (serialised results) to rank 0.
#pragma once

#include <mpi.h>

#include <string>
#include <vector>

namespace autobench::mpi {

// On rank 0: every rank's string in rank order. On other ranks: empty.
std::vector<std::string> gather_to_root(MPI_Comm comm, const std::string& mine);

}  // namespace autobench::mpi
