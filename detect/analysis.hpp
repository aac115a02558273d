// Running registered detectors on a saved curve, each knee with its quality (`detect` on saved curves).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "detector.hpp"
#include "quality.hpp"

namespace autobench::detect {

// What one detector found on one curve.
struct Finding {
  std::string detector;
  Knee knee;                           // knee.index: the saturation knee (nullopt: none); knee.all: every knee
  std::optional<KneeQuality> quality;  // of knee.index against the whole curve; nullopt without a knee or
                                       // when the curve's plateau is not positive
  std::size_t points = 0;              // points the detector saw when it found the knee (all without one)
};

// A finding with its quality: knee_quality(curve, knee.index, x_scale) where there is a knee and the
// plateau is positive. `curve` is the whole curve, `knee` an index into it.
Finding make_finding(std::string detector, Knee knee, std::size_t points, const Curve& curve, XScale x_scale);

// Each detector, in the given order, on the whole curve. Throws std::invalid_argument for an unknown
// detector or a curve the detectors refuse (unit_curve.hpp's validate).
std::vector<Finding> analyse(const Curve& curve, const std::vector<std::string>& detectors, const Params& params);

}  // namespace autobench::detect
