// MPI for the lifetime of a run: init/finalize, world rank and size, the node-local rank that
// selects a GPU (ranks sharing a node, found with MPI_Comm_split_type), and the rule that no rank
// waits forever for another: an error one rank cannot report through the run ends the whole job.
#pragma once

#include <mpi.h>

#include <exception>
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
  // Ranks of this node whose CPU affinity overlaps this rank's, itself included (backend::ranks_sharing):
  // all of them when the launcher binds none (or the whole job is confined to one cpuset), 1 when each
  // rank is bound to cores of its own.
  int core_sharers() const { return core_sharers_; }
  bool root() const { return rank_ == 0; }

  // True on every rank when `flag` is true on any rank.
  bool any(bool flag) const;
  // Rank 0's string on every rank; the others wait for it without spinning (their cores stay free for rank 0).
  std::string broadcast(const std::string& value) const;

  // Prints "autobench-mpi: error: rank R (HOST): REASON; aborting all N ranks" and ends every rank of
  // the job at once (MPI_Abort, exit code 1).
  [[noreturn]] void abort(const std::string& reason) const;
  // Runs `body`. An exception escaping it would unwind into MPI_Finalize while the other ranks wait in
  // a collective for this one; with several ranks it ends the job instead (abort), within seconds.
  // With one rank there is no one to wait: the exception propagates.
  template <class Body>
  auto or_abort(Body&& body) const -> decltype(body()) {
    try {
      return body();
    } catch (const std::exception& e) {
      if (size_ == 1) throw;
      abort(e.what());
    } catch (...) {
      if (size_ == 1) throw;
      abort("unknown exception");
    }
  }

 private:
  int rank_ = 0, size_ = 1, local_rank_ = 0, local_size_ = 1, core_sharers_ = 1;
};

// The node name SLURM gave this rank (SLURMD_NODENAME), else the host name.
std::string node_name();

}  // namespace autobench::mpi
