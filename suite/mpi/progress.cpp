// Progress channel (see progress.hpp).
#include "suite/mpi/progress.hpp"

namespace autobench::mpi {
namespace {
constexpr int kLineTag = 1;
constexpr int kDoneTag = 2;
}  // namespace

Progress::Progress(MPI_Comm comm, std::FILE* out, bool enabled) : out_(out), enabled_(enabled) {
  MPI_Comm_dup(comm, &comm_);
  MPI_Comm_rank(comm_, &rank_);
  MPI_Comm_size(comm_, &size_);
}

Progress::~Progress() { MPI_Comm_free(&comm_); }

void Progress::print(const std::string& line) {
  if (!enabled_) return;
  std::fputs(line.c_str(), out_);
  std::fputc('\n', out_);
  std::fflush(out_);
}

void Progress::post(const std::string& line) {
  if (rank_ == 0) {
    poll();
    print(line);
    return;
  }
  pending_.emplace_back(line, MPI_REQUEST_NULL);
  auto& [text, request] = pending_.back();
  MPI_Isend(text.data(), static_cast<int>(text.size()), MPI_CHAR, 0, kLineTag, comm_, &request);
  for (auto it = pending_.begin(); it != pending_.end();) {  // release completed sends
    int done = 0;
    MPI_Test(&it->second, &done, MPI_STATUS_IGNORE);
    it = done ? pending_.erase(it) : std::next(it);
  }
}

void Progress::poll() {
  if (rank_ != 0) return;
  while (true) {
    int flag = 0;
    MPI_Status status;
    MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, comm_, &flag, &status);
    if (!flag) return;
    int count = 0;
    MPI_Get_count(&status, MPI_CHAR, &count);
    std::string text(static_cast<std::size_t>(count), '\0');
    MPI_Recv(text.data(), count, MPI_CHAR, status.MPI_SOURCE, status.MPI_TAG, comm_, MPI_STATUS_IGNORE);
    if (status.MPI_TAG == kDoneTag)
      ++finished_;
    else
      print(text);
  }
}

void Progress::finish() {
  if (rank_ != 0) {
    for (auto& [text, request] : pending_) MPI_Wait(&request, MPI_STATUS_IGNORE);
    pending_.clear();
    MPI_Send(nullptr, 0, MPI_CHAR, 0, kDoneTag, comm_);
  } else {
    while (finished_ < size_ - 1) {
      MPI_Status status;
      MPI_Probe(MPI_ANY_SOURCE, MPI_ANY_TAG, comm_, &status);
      poll();
    }
  }
  MPI_Barrier(comm_);
}

}  // namespace autobench::mpi
