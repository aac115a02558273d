// The noise statistic of the per-size stop (see noise_stop.hpp).
#include "suite/autoscale/noise_stop.hpp"

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

}  // namespace autobench::autoscale
