// Knee quality of a campaign (see knee_quality.hpp).
#include "suite/autoscale/knee_quality.hpp"

#include <cmath>
#include <stdexcept>

#include "detect/quality.hpp"
#include "suite/results/knee.hpp"

namespace autobench::autoscale {

void record_knee_quality(results::Campaign& c, detect::XScale x_scale) {
  c.x_scale = detect::kXScaleNames.name(x_scale);
  c.knee_quality = c.plateau = c.knee_position = results::kNaN;
  if (!results::has_knee_point(c)) return;
  detect::Curve curve;
  for (const auto& p : c.points) {
    curve.x.push_back(static_cast<double>(p.size));
    curve.y.push_back(p.throughput);
  }
  try {
    const auto q = detect::knee_quality(curve, static_cast<std::size_t>(c.knee_index), x_scale);
    if (std::isfinite(q.fraction)) {
      c.knee_quality = q.fraction;
      c.plateau = q.plateau;
      c.knee_position = q.position;
    }
  } catch (const std::invalid_argument&) {  // plateau not positive: no quality to give
  }
}

}  // namespace autobench::autoscale
