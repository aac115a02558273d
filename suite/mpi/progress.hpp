// Progress lines from every rank, printed by rank 0 as they arrive (non-blocking sends to rank 0).
#pragma once

#include <mpi.h>

#include <cstdio>
#include <list>
#include <string>

namespace autobench::mpi {

class Progress {
 public:
  Progress(MPI_Comm comm, std::FILE* out, bool enabled);
  ~Progress();

  // Rank 0 prints the line (and any that arrived); other ranks send it to rank 0.
  void post(const std::string& line);
  // Rank 0 prints lines that arrived meanwhile; a no-op elsewhere.
  void poll();
  // Collective: returns once every rank's lines have been printed.
  void finish();

 private:
  void print(const std::string& line);
  MPI_Comm comm_;
  std::FILE* out_;
  bool enabled_;
  int rank_ = 0, size_ = 1;
  int finished_ = 0;
  std::list<std::pair<std::string, MPI_Request>> pending_;  // sends in flight, buffers kept alive
};

}  // namespace autobench::mpi
