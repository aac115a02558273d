// The noise-driven launch count (see noise_stop.hpp).
#include "suite/autoscale/noise_stop.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace autobench::autoscale {

double relative_standard_error(const std::vector<double>& seconds) {
  const auto n = static_cast<double>(seconds.size());
  if (seconds.size() < 2) return std::numeric_limits<double>::quiet_NaN();
  const double mean = std::accumulate(seconds.begin(), seconds.end(), 0.0) / n;
  double ss = 0.0;
  for (double v : seconds) ss += (v - mean) * (v - mean);
  return std::sqrt(ss / (n - 1.0)) / std::sqrt(n) / mean;
}

int more_launches(const std::vector<double>& seconds, const NoiseStop& stop) {
  if (stop.target <= 0.0 || seconds.size() < 2) return 0;
  const double rse = relative_standard_error(seconds);
  if (!(rse > stop.target)) return 0;
  const auto done = static_cast<double>(seconds.size());
  const double spent = std::accumulate(seconds.begin(), seconds.end(), 0.0);
  const double per_launch = spent / done;
  // The standard error falls as 1/sqrt(n): the count that reaches the target at the noise seen so far.
  const double needed = std::ceil(done * (rse / stop.target) * (rse / stop.target)) - done;
  const double affordable = per_launch > 0.0 ? std::floor((stop.max_time_s - spent) / per_launch) : done;
  const double more = std::min({std::max(needed, 1.0), done, stop.max_launches - done, affordable});
  return more >= 1.0 ? static_cast<int>(more) : 0;
}

}  // namespace autobench::autoscale
