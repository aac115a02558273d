// Throttled points: which points are flagged (a thermal or power clock-event reason of
// suite/results/clock_events.hpp, or an SM clock that fell), kept out of knee detection where a clean
// neighbour can stand in, and never left as the knee.
#pragma once

#include <string>
#include <vector>

#include "detect/curve.hpp"
#include "detect/safeguards.hpp"
#include "suite/results/results.hpp"

namespace autobench::autoscale {

// A point whose median SM clock is below this share of its sweep's median SM clock has a fallen clock.
inline constexpr double kClockFallShare = 0.9;

// Flags the points of one sweep, once, when it has ended: a point is `throttled` when a throttle reason was
// seen while it was timed (summarize set it and named them in `throttle_reason`) or its SM clock is below
// kClockFallShare of the median SM clock of `points`; `throttle_reason` then says which
// ("sw_thermal_slowdown", "sm_clock 1386/1980 MHz", or both, ", "-joined).
void flag_throttled(std::vector<results::Point>& points);

// A knee on a throttled point moves to the nearest clean point in log size (the larger on a tie), and
// `detector_params` records ",knee_moved_off_throttled=SIZE"; without a clean point the campaign has no knee.
void move_knee_off_throttled(results::Campaign& c);

// The curve the detectors see: a throttled point between two clean neighbours takes their interpolation
// in log size (it was slowed by the clocks, not by its size); one without two clean neighbours keeps its
// value. `timings` runs parallel to the curve.
detect::Curve held_out(detect::Curve curve, const std::vector<detect::PointTiming>& timings);

// True while the latest point is throttled and the one before it clean: detection waits for the next
// point, which may give it its second clean neighbour.
bool awaits_clean_neighbour(const std::vector<detect::PointTiming>& timings);

}  // namespace autobench::autoscale
