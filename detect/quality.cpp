// Knee quality (see quality.hpp).
#include "quality.hpp"

#include <algorithm>
#include <functional>
#include <stdexcept>
#include <string>

#include "numerics/statistics.hpp"
#include "unit_curve.hpp"

namespace autobench::detect {

double plateau(const std::vector<double>& y) {
  std::vector<double> v = y;
  const std::size_t count = std::min(v.size(), std::max<std::size_t>(3, (v.size() + 4) / 5));
  const auto top = v.begin() + static_cast<std::ptrdiff_t>(count);
  std::partial_sort(v.begin(), top, v.end(), std::greater<>());
  return numerics::median({v.begin(), top});  // throws for an empty curve
}

KneeQuality knee_quality(const Curve& curve, std::size_t knee, XScale x_scale) {
  if (knee >= curve.size())
    throw std::invalid_argument("knee index " + std::to_string(knee) + " is outside the curve (allowed: 0.." +
                                std::to_string(curve.size()) + " exclusive)");
  const Curve unit = unit_curve(curve, x_scale);
  const double level = plateau(curve.y);
  if (!(level > 0.0))
    throw std::invalid_argument("curve plateau " + std::to_string(level) +
                                " is not positive (throughput must be > 0)");
  return {curve.y[knee] / level, level, unit.x[knee], x_scale};
}

}  // namespace autobench::detect
