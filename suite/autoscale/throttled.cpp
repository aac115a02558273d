// Throttled points and knee detection (see throttled.hpp).
#include "suite/autoscale/throttled.hpp"

#include <cmath>

namespace autobench::autoscale {

detect::Curve held_out(detect::Curve curve, const std::vector<detect::PointTiming>& timings) {
  for (std::size_t i = 1; i + 1 < curve.size() && i + 1 < timings.size(); ++i) {
    if (!timings[i].throttled || timings[i - 1].throttled || timings[i + 1].throttled) continue;
    const double a = std::log(curve.x[i - 1]), b = std::log(curve.x[i + 1]), w = (std::log(curve.x[i]) - a) / (b - a);
    curve.y[i] = (1.0 - w) * curve.y[i - 1] + w * curve.y[i + 1];
  }
  return curve;
}

bool awaits_clean_neighbour(const std::vector<detect::PointTiming>& timings) {
  const std::size_t n = timings.size();
  return n >= 2 && timings[n - 1].throttled && !timings[n - 2].throttled;
}

}  // namespace autobench::autoscale
