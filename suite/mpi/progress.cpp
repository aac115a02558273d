// Progress channel (see progress.hpp).
#include "suite/mpi/progress.hpp"

#include <sstream>

#include <fmt/format.h>

namespace autobench::mpi {
namespace {
constexpr int kLineTag = 1;
constexpr int kDoneTag = 2;
constexpr int kCampaignTag = 3;  // "done done_before total elapsed_s\nline"

int comm_size(MPI_Comm comm) {
  int size = 1;
  MPI_Comm_size(comm, &size);
  return size;
}

}  // namespace

Progress::Progress(MPI_Comm comm, std::FILE* out, bool enabled, std::size_t per_rank_total,
                   std::chrono::steady_clock::time_point t0, double overall_interval_s)
    : out_(out), enabled_(enabled), t0_(t0), overall_(comm_size(comm), per_rank_total, overall_interval_s) {
  MPI_Comm_dup(comm, &comm_);
  MPI_Comm_rank(comm_, &rank_);
  MPI_Comm_size(comm_, &size_);
}

Progress::~Progress() { MPI_Comm_free(&comm_); }

double Progress::now_s() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0_).count();
}

void Progress::print(const std::string& line) {
  if (!enabled_) return;
  std::fputs(line.c_str(), out_);
  std::fputc('\n', out_);
  std::fflush(out_);
}

void Progress::send(const std::string& text, int tag) {
  pending_.emplace_back(text, MPI_REQUEST_NULL);
  auto& [buffer, request] = pending_.back();
  MPI_Isend(buffer.data(), static_cast<int>(buffer.size()), MPI_CHAR, 0, tag, comm_, &request);
  for (auto it = pending_.begin(); it != pending_.end();) {  // release completed sends
    int done = 0;
    MPI_Test(&it->second, &done, MPI_STATUS_IGNORE);
    it = done ? pending_.erase(it) : std::next(it);
  }
}

void Progress::post(const std::string& line) {
  if (rank_ != 0) return send(line, kLineTag);
  poll();
  print(line);
}

void Progress::post_campaign(const std::string& line, const formatting::RankProgress& count) {
  const std::string message = fmt::format("{} {} {} {:.17g}\n{}", count.done, count.done_before, count.total,
                                          count.elapsed_s, line);
  if (rank_ != 0) return send(message, kCampaignTag);
  poll();
  receive_campaign(0, message);
}

void Progress::receive_campaign(int rank, const std::string& message) {
  formatting::RankProgress count;
  std::istringstream in(message);
  in >> count.done >> count.done_before >> count.total >> count.elapsed_s;
  const auto newline = message.find('\n');
  const std::string line = newline == std::string::npos ? message : message.substr(newline + 1);
  print(line + " [rank " + std::to_string(rank) + ": " + count.text() + "]");
  overall_.update(rank, count, now_s());
  if (size_ > 1 && overall_.due(now_s())) print(overall_.line(now_s()));
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
    else if (status.MPI_TAG == kCampaignTag)
      receive_campaign(status.MPI_SOURCE, text);
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
    if (size_ > 1 && overall_.has_news()) print(overall_.line(now_s()));
  }
  MPI_Barrier(comm_);
}

}  // namespace autobench::mpi
