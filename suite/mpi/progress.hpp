// Progress lines from every rank, printed by rank 0 as they arrive (non-blocking sends to rank 0), with
// each rank's campaigns done of its total and, on rank 0, a periodic line over all ranks.
#pragma once

#include <mpi.h>

#include <chrono>
#include <cstdio>
#include <list>
#include <string>

#include "suite/formatting/progress_text.hpp"

namespace autobench::mpi {

class Progress {
 public:
  // per_rank_total: campaigns each rank's plan holds (before a rank reports its own); t0: the run's start.
  Progress(MPI_Comm comm, std::FILE* out, bool enabled, std::size_t per_rank_total = 0,
           std::chrono::steady_clock::time_point t0 = std::chrono::steady_clock::now(), double overall_interval_s = 10.0);
  ~Progress();

  // Rank 0 prints the line (and any that arrived); other ranks send it to rank 0.
  void post(const std::string& line);
  // A finished campaign's line with this rank's count after it ("line [rank R: 3/40 campaigns, ...]"); rank 0
  // also prints an overall line when one is due (formatting::OverallProgress).
  void post_campaign(const std::string& line, const formatting::RankProgress& count);
  // Rank 0 prints lines that arrived meanwhile; a no-op elsewhere.
  void poll();
  // Collective: returns once every rank's lines have been printed (rank 0 ends with the overall line).
  void finish();

 private:
  void print(const std::string& line);
  void send(const std::string& text, int tag);
  void receive_campaign(int rank, const std::string& message);
  double now_s() const;
  MPI_Comm comm_;
  std::FILE* out_;
  bool enabled_;
  int rank_ = 0, size_ = 1;
  int finished_ = 0;
  std::chrono::steady_clock::time_point t0_;
  formatting::OverallProgress overall_;
  std::list<std::pair<std::string, MPI_Request>> pending_;  // sends in flight, buffers kept alive
};

}  // namespace autobench::mpi
