// Knee detection on a fitted curve instead of the measured points: the `smoothing` option of every detector.
#pragma once

#include <memory>
#include <optional>

#include "detector.hpp"

namespace autobench::detect {

// The curve a detector with `params.smoothing` sees instead of `curve`: the same sizes, y replaced by
//   none:       y itself;
//   spline:     the least-squares natural cubic spline in the detector's x-space (log size by default) with
//               `params.spline_knots` evenly spaced interior knots, or as many as the curve's
//               span in log size asks for (interior_knots_for, spline_fit.hpp);
//   saturating: the least-squares latency-bandwidth fit t = t0 + work / B in log size (saturating_fit.hpp);
//               nullopt (no knee) when its residuals are more than half a straight line's in the detector's
//               x-space: the form does not explain the curve (a straight rise, noise).
// Throws std::invalid_argument for a curve the detectors refuse (unit_curve.hpp's validate; saturating:
// in log size whatever the x-space).
std::optional<Curve> smoothed_curve(const Curve& curve, const Params& params);

// `raw` (a detector made with Smoothing::none) running on smoothed_curve(curve, params) instead of the
// curve; no knee where that is nullopt or flat (constant up to rounding: no bend). A detector that already smooths is returned as it is: nothing is
// smoothed twice (`fitted` keeps its saturating fit whatever the smoothing). Used by make().
std::unique_ptr<Detector> with_smoothing(std::unique_ptr<Detector> raw, const Params& params);

}  // namespace autobench::detect
