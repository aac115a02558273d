#include "power/kalman_filter.hpp"

#include <cmath>
#include <stdexcept>
#include <string>

namespace autobench::power {

std::vector<double> kalman_filter(std::span<const double> trace, const KalmanOptions& options) {
  const double q = options.process_noise;
  const double r = options.measurement_noise;
  const double p0 = std::isnan(options.initial_variance) ? r : options.initial_variance;
  if (!(q >= 0.0) || !std::isfinite(q)) {
    throw std::invalid_argument("kalman_filter: process noise " + std::to_string(q) + " must be >= 0");
  }
  if (!(r > 0.0) || !std::isfinite(r)) {
    throw std::invalid_argument("kalman_filter: measurement noise " + std::to_string(r) + " must be > 0");
  }
  if (!(p0 >= 0.0) || !std::isfinite(p0)) {
    throw std::invalid_argument("kalman_filter: initial variance " + std::to_string(p0) + " must be >= 0");
  }
  std::vector<double> out(trace.size(), std::numeric_limits<double>::quiet_NaN());
  bool started = false;
  double x = 0.0, p = p0;
  for (std::size_t i = 0; i < trace.size(); ++i) {
    const double z = trace[i];
    if (!started) {
      if (std::isfinite(z)) {
        x = z;
        started = true;
        out[i] = x;
      }
      continue;
    }
    p += q;
    if (std::isfinite(z)) {
      const double k = p / (p + r);
      x += k * (z - x);
      p *= 1.0 - k;
    }
    out[i] = x;
  }
  return out;
}

}  // namespace autobench::power
