// The regimes of a sweep (detect/regimes.hpp) from its device's L2 and its kernel's buffers, and each of
// its detectors' knees in each regime (pure logic).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "detect/analysis.hpp"
#include "detect/regimes.hpp"
#include "suite/results/results.hpp"

namespace autobench::stats {

// One sweep's curve as its detectors' campaigns hold it: every size any of them measured in the sweep
// (refinement points left out: each detector refines around its own knee), ascending, once each, with
// its throughput; `points[i]` is the measured point behind curve point i.
struct SweepCurve {
  detect::Curve curve;
  std::vector<const results::Point*> points;
};
SweepCurve sweep_curve(const std::vector<const results::Campaign*>& campaigns);

// The sweep's regimes on a device with `l2_bytes` of L2 (0: unknown, one regime), the working set at each
// size being the kernel's buffers (4 bytes a word, kernels::KernelSpec::elements); one regime for a kernel
// this program does not know or a throughput that is not finite.
detect::RegimeSplit sweep_regimes(const std::string& kernel, const detect::Curve& curve, std::uint64_t l2_bytes);

// The detector settings a campaign's `detector_params` records ("key=value,..."): sensitivity,
// distance_threshold, x_scale, online, smoothing, spline_knots and every NAME.KEY knob; detect::Params{}'s
// for those it lacks or cannot be read.
detect::Params recorded_params(const std::string& detector_params);

// A detector's knee in one regime of a sweep, as the consensus counts it.
struct RegimeKnee {
  std::string detector;
  detect::Regime regime = detect::Regime::single;
  bool counts = false;                  // found strictly inside its regime, at >= kMinKneeQuality of its plateau
  double size = results::kNaN;          // the knee size (NaN without one)
  double low = results::kNaN, high = results::kNaN;  // the sizes nearer it than its neighbours (geometric midpoints)
  const results::Point* point = nullptr;  // the measured point at the knee
  std::string note;                     // why it does not count ("" when it does)
};

// Each campaign's detector on each regime's sub-curve of a humped sweep (detect::analyse_regimes, with
// the settings the campaign recorded), cache then memory per campaign. `sweep` is sweep_curve(campaigns).
std::vector<RegimeKnee> regime_knees(const std::vector<const results::Campaign*>& campaigns, const SweepCurve& sweep,
                                     const detect::RegimeSplit& split);

// Sets every campaign's regime, regime_peak_size and regime_fallout_size: its sweep's (rank, kernel,
// repeat) regimes on its rank's device, and the regime of the knee it recorded.
void assign_regimes(std::vector<results::RankResult>& ranks);

}  // namespace autobench::stats
