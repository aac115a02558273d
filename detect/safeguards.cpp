// Fixed and noise-aware safeguards (see safeguards.hpp).
#include "safeguards.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include "numerics/statistics.hpp"

namespace autobench::detect {

bool may_detect(const Safeguards& g, std::size_t points, double latest_time_s) {
  if (g.mode == SafeguardMode::noise_aware)
    throw std::invalid_argument(
        "noise-aware safeguards need each point's time mean and stddev (use the timings overload)");
  return points >= g.min_points && latest_time_s >= g.min_runtime_s;
}

double required_runtime_s(const Safeguards& g, const std::vector<PointTiming>& timings) {
  if (g.mode == SafeguardMode::fixed) return g.min_runtime_s;
  if (g.min_points == 0 || timings.size() < g.min_points)
    throw std::invalid_argument("noise-aware safeguards need min_points >= 1 and that many timings (min_points " +
                                std::to_string(g.min_points) + ", timings " + std::to_string(timings.size()) +
                                ")");
  std::vector<double> early;
  for (std::size_t i = 0; i < g.min_points; ++i) early.push_back(timings[i].stddev_s);
  return numerics::median(early) / g.max_jitter;
}

bool may_detect(const Safeguards& g, const std::vector<PointTiming>& timings) {
  return !timings.empty() && timings.size() >= g.min_points &&
         timings.back().mean_s >= required_runtime_s(g, timings);
}

Params noise_adjusted(const Params& p, const Safeguards& g, const Curve& curve,
                      const std::vector<PointTiming>& timings) {
  if (timings.size() != curve.size())
    throw std::invalid_argument("curve has " + std::to_string(curve.size()) + " points but " +
                                std::to_string(timings.size()) + " timings (must be equal)");
  if (g.mode == SafeguardMode::fixed || curve.size() < 2) return p;
  const auto [lo, hi] = std::minmax_element(curve.y.begin(), curve.y.end());
  if (*hi == *lo) return p;
  std::vector<double> noise(curve.size());
  for (std::size_t i = 0; i < curve.size(); ++i)
    noise[i] = std::abs(curve.y[i]) * timings[i].stddev_s / timings[i].mean_s;
  const double sigma = numerics::median(noise) / (*hi - *lo);
  Params out = p;
  out.distance_threshold = std::max(p.distance_threshold, g.noise_z * sigma);
  const double steps = static_cast<double>(curve.size() - 1);
  out.sensitivity = std::max(p.sensitivity, g.noise_z * std::sqrt(2.0) * sigma * steps);
  return out;
}

}  // namespace autobench::detect
