// A one-dimensional Kalman filter for a power trace (random-walk level observed with noise).
#pragma once

#include <limits>
#include <span>
#include <vector>

namespace autobench::power {

// State model: x_k = x_{k−1} + w, w ~ N(0, Q); measurement z_k = x_k + v, v ~ N(0, R). Per sample:
//   predict  P⁻ = P + Q
//   gain     K  = P⁻ / (P⁻ + R)
//   update   x  = x + K·(z − x),  P = (1 − K)·P⁻
// The state starts at the first finite sample with variance P₀ (default: R, i.e. as uncertain as one
// measurement); that sample is output unchanged. A NaN sample only runs the predict step. Q and R are
// variances in the trace's unit squared (W² for power); Q/R sets the smoothing: small Q/R smooths more.
struct KalmanOptions {
  double process_noise = 0.01;      // Q
  double measurement_noise = 1.0;   // R
  double initial_variance = std::numeric_limits<double>::quiet_NaN();  // P₀; NaN → R
};

// Requires Q ≥ 0, R > 0 and P₀ ≥ 0 when given (std::invalid_argument naming the bad value otherwise).
std::vector<double> kalman_filter(std::span<const double> trace, const KalmanOptions& options = {});

}  // namespace autobench::power
