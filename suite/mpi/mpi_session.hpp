// MPI for the lifetime of a run: init/finalize, world rank and size, and the node-local rank that
// selects a GPU (ranks sharing a node, found with MPI_Comm_split_type).
#pragma once

#include <mpi.h>

#include <string>

namespace autobench::mpi {

class Session {
 public:
  Session(int& argc, char**& argv);
  ~Session();
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  MPI_Comm comm() const { return MPI_COMM_WORLD; }
  int rank() const { return rank_; }
  int size() const { return size_; }
  int local_rank() const { return local_rank_; }
  int local_size() const { return local_size_; }
  bool root() const { return rank_ == 0; }

  // True on every rank when `flag` is true on any rank.
  bool any(bool flag) const;
  // Rank 0's string on every rank.
  std::string broadcast(const std::string& value) const;

 private:
  int rank_ = 0, size_ = 1, local_rank_ = 0, local_size_ = 1;
};

// The node name SLURM gave this rank (SLURMD_NODENAME), else the host name.
std::string node_name();

}  // namespace autobench::mpi
