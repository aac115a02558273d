// Records a campaign's knee quality (detect/quality.hpp) in its result fields.
#pragma once

#include "detect/curve.hpp"
#include "suite/results/results.hpp"

namespace autobench::autoscale {

// Sets knee_quality, plateau and knee_position from c's curve (points sorted by size) at knee_index, and
// x_scale to `x_scale`. The numbers stay NaN when the campaign has no point at knee_index or its plateau
// is not positive.
void record_knee_quality(results::Campaign& c, detect::XScale x_scale);

}  // namespace autobench::autoscale
