// Running registered detectors on a saved curve, each knee with its quality (`detect` on saved curves).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "detector.hpp"
#include "quality.hpp"
#include "regimes.hpp"

namespace autobench::detect {

// What one detector found on one curve.
struct Finding {
  std::string detector;
  Knee knee;                           // knee.index: the saturation knee (nullopt: none); knee.all: every knee
  std::optional<KneeQuality> quality;  // of knee.index against the whole curve; nullopt without a knee or
                                       // when the curve's plateau is not positive
  std::size_t points = 0;              // points the detector saw when it found the knee (all without one)
  Regime regime = Regime::single;      // the regime the detector searched (analyse_regimes)
  std::string note;                    // why there is no knee in that regime ("" otherwise, and in `single`)
};

// A finding with its quality: knee_quality(curve, knee.index, x_scale) where there is a knee and the
// plateau is positive. `curve` is the whole curve, `knee` an index into it.
Finding make_finding(std::string detector, Knee knee, std::size_t points, const Curve& curve, XScale x_scale);

// Each detector, in the given order, on the whole curve. Throws std::invalid_argument for an unknown
// detector or a curve the detectors refuse (unit_curve.hpp's validate).
std::vector<Finding> analyse(const Curve& curve, const std::vector<std::string>& detectors, const Params& params);

// Without a hump, analyse(). With one, each detector on each regime's sub-curve (regime_range), cache then
// memory: knee indices into the whole curve, quality against the sub-curve. In a regime the detector finds
// no knee in, the finding has none and says why in `note`: too few points (kMinRegimePoints), a knee at
// the sub-curve's first or last point (the peak is the end of the cache regime, not its knee), a curve
// the detector refuses, or no knee found. A detector never answers one regime with the other's knee.
std::vector<Finding> analyse_regimes(const Curve& curve, const RegimeSplit& split,
                                     const std::vector<std::string>& detectors, const Params& params);

}  // namespace autobench::detect
