// Replaying knee detection on a recorded campaign: the knee a detector would have reported had it run in
// the sweep that measured the points, with the given settings (`detect` re-analyses results files so).
#pragma once

#include <string>
#include <vector>

#include "detect/detector.hpp"
#include "suite/autoscale/autoscale_settings.hpp"
#include "suite/results/results.hpp"

namespace autobench::autoscale {

struct ReplayedKnee {
  detect::Knee knee;        // knee.index and knee.all index `points`
  std::size_t points = 0;   // sweep points measured when the knee counted (every sweep point without a knee)
  detect::Params params;    // the detector parameters in force then (noise-aware safeguards derive them)
};

// `points` as a campaign holds them: sorted by size, refinement points flagged. The sweep points are fed
// to a KneeTracker one at a time, as run_sweep feeds them (curve of settings.knee_metric, the safeguards
// and thresholds of `settings`); the first knee that counts is the answer. When refinement points are
// present and a knee counted, it is located again, as refinement does (refine.hpp, KneeTracker::relocate:
// the parameters in force when it counted), on every point up to the last sweep size seen when it
// counted; where that finds none, the knee stays at the size where it counted (knee.all holds just it).
// Throws std::invalid_argument for an unknown detector or a curve the detectors refuse.
ReplayedKnee replay_knee(const std::string& detector, const std::vector<results::Point>& points,
                         const AutoscaleSettings& settings);

}  // namespace autobench::autoscale
