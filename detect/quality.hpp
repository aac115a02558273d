// Knee quality: the throughput a knee reaches as a share of the curve's plateau.
#pragma once

#include <cstddef>
#include <vector>

#include "curve.hpp"

namespace autobench::detect {

struct KneeQuality {
  double fraction;  // y at the knee / plateau: near 1 means the sweep stopped at full throughput
  double plateau;   // plateau(curve.y)
  double position;  // the knee's x in the unit interval of the x-space below (0 first size, 1 last)
  XScale x_scale;   // the x-space the knee was detected in
};

// The curve's plateau: the median of its highest max(3, ceil(n / 5)) values (all of them when fewer).
// Defined without the knee, so every detector is measured against the same level; the median of the
// top values ignores a single outlier above the plateau and follows the plateau, not the rise.
double plateau(const std::vector<double>& y);

// Throws std::invalid_argument when `knee` is not an index of the curve or the plateau is not positive.
KneeQuality knee_quality(const Curve& curve, std::size_t knee, XScale x_scale);

}  // namespace autobench::detect
