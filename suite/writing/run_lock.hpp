// One run directory, one writer: an advisory lock (flock) on RUN_DIR/.lock that the process writing the
// run (rank 0 of a run or resume, `merge`, a dataset run) holds for its whole life. The kernel releases
// it when that process ends, however it ends, so a killed run never leaves a lock behind.
#pragma once

#include <stdexcept>
#include <string>

namespace autobench::writing {

// The directory is being written by another process (one line naming it and the holder), or its lock
// file is not one this process may write (a symbolic link, not a regular file): a usage error, exit 2.
struct RunLocked : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class RunLock {
 public:
  // Takes the lock of `run_dir` and writes "pid <P> on <host>" into the lock file. Throws RunLocked
  // ("RUN_DIR is in use by another autobench-mpi (pid P on HOST); wait for it to end or stop it") when
  // another process holds it or when RUN_DIR/.lock is a link or not a regular file (never written through),
  // WriteError naming the lock file when it cannot be created.
  RunLock(const std::string& run_dir, const std::string& host);
  ~RunLock();
  RunLock(const RunLock&) = delete;
  RunLock& operator=(const RunLock&) = delete;

 private:
  int fd_ = -1;
};

}  // namespace autobench::writing
