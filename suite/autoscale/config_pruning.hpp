// Which tuning configurations a sweep stops timing: those far slower than the fastest and not catching up.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

namespace autobench::autoscale {

// Over a sweep, a configuration whose probe time is more than `ratio` times the fastest probe at a size,
// and no closer to it than at the last size it was timed, is dropped from later sizes: at large sizes
// a histogram with global atomics is 120 times slower than one with shared-memory bins and costs
// seconds per size to time, while a GEMM with big tiles that is slow only because a small size
// underfills the GPU gets closer with every size and stays. ratio 0 keeps every configuration.
class ConfigPruning {
 public:
  explicit ConfigPruning(double ratio) : ratio_(ratio) {}

  // The probe times of the configurations timed at one size (same order; at least one).
  void record(const std::vector<std::string>& configs, const std::vector<double>& seconds);
  bool dropped(const std::string& config) const { return dropped_.count(config) > 0; }
  std::size_t dropped_count() const { return dropped_.size(); }

 private:
  double ratio_;
  std::map<std::string, double> slowdown_;  // probe time over the fastest, at the last size timed
  std::set<std::string> dropped_;
};

}  // namespace autobench::autoscale
