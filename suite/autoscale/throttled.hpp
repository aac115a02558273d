// Throttled points kept out of knee detection where a clean neighbour can stand in for them.
#pragma once

#include <vector>

#include "detect/curve.hpp"
#include "detect/safeguards.hpp"

namespace autobench::autoscale {

// The curve the detectors see: a throttled point between two clean neighbours takes their interpolation
// in log size (it was slowed by the clocks, not by its size); one without two clean neighbours keeps its
// value. `timings` runs parallel to the curve.
detect::Curve held_out(detect::Curve curve, const std::vector<detect::PointTiming>& timings);

// True while the latest point is throttled and the one before it clean: detection waits for the next
// point, which may give it its second clean neighbour.
bool awaits_clean_neighbour(const std::vector<detect::PointTiming>& timings);

}  // namespace autobench::autoscale
