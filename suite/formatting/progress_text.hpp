// Progress of a run as plain lines: campaigns done of all, elapsed time and an estimate of the time left,
// per rank and over all ranks, and sizes of what is gathered and written (pure logic, no MPI, no I/O).
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>

namespace autobench::formatting {

// "850 ms", "42.0 s", "3m05s", "1h02m"; "?" for NaN or a negative value.
std::string duration_text(double seconds);
// "512 B", "3.4 KiB", "1.2 MiB", "2.0 GiB".
std::string size_text(std::uint64_t bytes);

// The time left if the campaigns still to do take as long as those done so far took each: elapsed /
// (done - done_before) * (total - done). done_before counts campaigns a resumed run found finished (they
// took no time now). NaN before the first new campaign; 0 when done >= total.
double seconds_left(std::size_t done, std::size_t done_before, std::size_t total, double elapsed_s);

// One rank's count: "3/40 campaigns, 12.5 s elapsed, ~2m47s left".
struct RankProgress {
  std::size_t done = 0, done_before = 0, total = 0;
  double elapsed_s = 0.0;

  double left_s() const { return seconds_left(done, done_before, total, elapsed_s); }
  std::string text() const;
};

// Rank 0's view of every rank's latest count: the run is done when every rank is, so the time left is the
// largest rank's (a rank not heard from yet counts with `per_rank_total` campaigns and the largest estimate).
class OverallProgress {
 public:
  OverallProgress(int ranks, std::size_t per_rank_total, double interval_s);

  // A rank's count as it reported it at `now_s` (seconds since the run started, rank 0's clock).
  void update(int rank, const RankProgress& p, double now_s);
  // Whether an overall line is due: campaigns done since the last one, and `interval_s` since it or every
  // campaign done.
  bool due(double now_s) const;
  // Whether campaigns were done since the last overall line.
  bool has_news() const { return done() != printed_done_; }
  // "overall: 37/80 campaigns, 1m02s elapsed, ~1m30s left"; marks the line printed at now_s.
  std::string line(double now_s);

  std::size_t done() const;
  std::size_t total() const;

 private:
  struct Seen {
    RankProgress p;
    double at_s = 0.0;
  };
  int ranks_;
  std::size_t per_rank_total_;
  double interval_s_;
  double last_s_ = 0.0;
  std::size_t printed_done_ = 0;
  std::map<int, Seen> seen_;
};

}  // namespace autobench::formatting
