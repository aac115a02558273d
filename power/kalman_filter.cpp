// The Kalman filter (see kalman_filter.hpp).
#include "power/kalman_filter.hpp"

#include <cmath>
#include <stdexcept>
#include <string>

#include "power/recursive_filter.hpp"

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
  double x = 0.0, p = p0;
  return run_recursive_filter(
      trace, [&](double z) { return x = z; },
      [&](double z) {
        p += q;
        if (std::isnan(z)) return x;
        const double k = p / (p + r);
        x += k * (z - x);
        p *= 1.0 - k;
        return x;
      });
}

}  // namespace autobench::power
