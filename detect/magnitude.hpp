// Knee detection that does not depend on the curve's magnitude: throughputs of 1e-300 or 1e300 give the
// knees the same curve gives at 1 (no sum of squares overflows or underflows on the way).
#pragma once

#include <memory>

#include "detector.hpp"

namespace autobench::detect {

// `detector` running on the curve with y multiplied by the power of two that brings its largest |y| into
// [0.5, 1): exact in floating point, so the knees of a curve of ordinary magnitude are unchanged. A curve
// whose values are all 0 (or not finite: the detector refuses it) is passed on as it is. Used by make().
std::unique_ptr<Detector> magnitude_free(std::unique_ptr<Detector> detector);

}  // namespace autobench::detect
