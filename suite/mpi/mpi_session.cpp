// MPI session (see mpi_session.hpp).
#include "suite/mpi/mpi_session.hpp"

#include <sched.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <thread>
#include <vector>
#include <fmt/format.h>

#include "suite/backend/parallel_for.hpp"

namespace autobench::mpi {

Session::Session(int& argc, char**& argv) {
  int provided = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &size_);
  MPI_Comm local;
  MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank_, MPI_INFO_NULL, &local);
  MPI_Comm_rank(local, &local_rank_);
  MPI_Comm_size(local, &local_size_);
  cpu_set_t mine;
  CPU_ZERO(&mine);
  sched_getaffinity(0, sizeof(mine), &mine);
  std::vector<cpu_set_t> masks(static_cast<std::size_t>(local_size_));
  MPI_Allgather(&mine, sizeof(mine), MPI_BYTE, masks.data(), sizeof(mine), MPI_BYTE, local);
  core_sharers_ = backend::ranks_sharing(masks, static_cast<std::size_t>(local_rank_));
  MPI_Comm_free(&local);
}

Session::~Session() { MPI_Finalize(); }

bool Session::any(bool flag) const {
  int in = flag ? 1 : 0, out = 0;
  MPI_Allreduce(&in, &out, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  return out != 0;
}

namespace {

// Waits for `request` a millisecond at a time instead of spinning in the MPI library: the ranks that wait
// for rank 0's answer while it writes the run's files leave their cores to it (256 ranks on 64 cores:
// spinning core-mates slowed rank 0's last step).
void wait_without_spinning(MPI_Request& request) {
  int done = 0;
  for (MPI_Test(&request, &done, MPI_STATUS_IGNORE); !done; MPI_Test(&request, &done, MPI_STATUS_IGNORE))
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
}

}  // namespace

std::string Session::broadcast(const std::string& value) const {
  unsigned long long n = value.size();
  MPI_Request request;
  MPI_Ibcast(&n, 1, MPI_UNSIGNED_LONG_LONG, 0, MPI_COMM_WORLD, &request);
  wait_without_spinning(request);
  std::string out = root() ? value : std::string(n, '\0');
  MPI_Ibcast(out.data(), static_cast<int>(n), MPI_CHAR, 0, MPI_COMM_WORLD, &request);
  wait_without_spinning(request);
  return out;
}

void Session::abort(const std::string& reason) const {
  fmt::print(stderr, "autobench-mpi: error: rank {} ({}): {}; aborting all {} ranks\n", rank_, node_name().c_str(),
               reason.c_str(), size_);
  std::fflush(stderr);
  MPI_Abort(MPI_COMM_WORLD, 1);
  std::_Exit(1);  // MPI_Abort does not return; this keeps the promise if an implementation's did
}

std::string node_name() {
  if (const char* slurm = std::getenv("SLURMD_NODENAME"); slurm && *slurm) return slurm;
  std::vector<char> buf(256, '\0');
  gethostname(buf.data(), buf.size() - 1);
  return buf.data();
}

}  // namespace autobench::mpi
