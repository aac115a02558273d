// The safeguards that decide whether a detected knee may count yet, fixed (thesis) or from timing noise.
#pragma once

#include <cstddef>
#include <vector>

#include "curve.hpp"
#include "detector.hpp"

namespace autobench::detect {

// fixed: the thesis's constants. noise_aware: the minimum runtime and the detectors' thresholds follow
// the timing noise measured along the sweep (rules below).
enum class SafeguardMode { fixed, noise_aware };

struct Safeguards {
  std::size_t min_points = 5;     // points measured before any detection (both modes)
  double min_runtime_s = 1e-3;    // fixed: the latest point's time must reach this before a knee counts
  SafeguardMode mode = SafeguardMode::fixed;
  double max_jitter = 0.01;       // noise_aware: timing jitter may be at most this share of the latest time
  double noise_z = 5.0;           // noise_aware: thresholds sit this many noise standard deviations up
};

// One measured size: mean and standard deviation of its kernel time over the timed iterations.
struct PointTiming {
  double mean_s;
  double stddev_s;
  bool throttled = false;  // timed under a thermal or power clock-event reason (suite/autoscale/throttled.hpp)
};

// The fixed rule: at least min_points points and the latest time at least min_runtime_s.
// Throws std::invalid_argument in noise_aware mode, which needs the timings (overload below).
bool may_detect(const Safeguards& g, std::size_t points, double latest_time_s);

// The minimum runtime the latest point must reach. fixed: min_runtime_s. noise_aware: jitter / max_jitter,
// where the jitter (launch and timer noise, independent of size) is the median standard deviation of the
// first min_points sizes, whose short times it dominates; so the latest kernel runs long enough that the
// jitter is at most max_jitter of its time. Unlike a bound on the latest point's own relative spread, this
// is reachable on a device whose throughput itself varies by more than max_jitter.
// Throws std::invalid_argument in noise_aware mode when min_points is 0 or fewer timings are given.
double required_runtime_s(const Safeguards& g, const std::vector<PointTiming>& timings);

// At least min_points timings and the latest mean at least required_runtime_s(g, timings).
bool may_detect(const Safeguards& g, const std::vector<PointTiming>& timings);

// The detector parameters to use on `curve` (one timing per point). fixed: `p` unchanged. noise_aware:
// throughput ~ 1/time, so a point's relative throughput noise is its time's stddev / mean; sigma is the
// median over the points of y * stddev / mean, in the unit square's y units (divided by the y range).
//   distance_threshold >= noise_z * sigma: a point sticks out of a chord by about its own noise;
//   sensitivity >= noise_z * sqrt(2) * sigma * (n - 1): Kneedle calls a knee when the difference curve
//     drops S mean x-steps (1 / (n - 1) in the unit square) below a maximum, and noise alone moves the
//     difference of two points by sqrt(2) sigma.
// Each is raised to its noise level, never lowered. noise_z is 5, not 3, because a detector takes the most
// extreme of all the points: on flat 40-point curves of pure noise, 3 sigma still let triangle call a
// knee in 16% of seeded trials, 5 sigma in 0.2%, while a real corner is found as often either way.
// Throws std::invalid_argument when the sizes differ.
Params noise_adjusted(const Params& p, const Safeguards& g, const Curve& curve,
                      const std::vector<PointTiming>& timings);

}  // namespace autobench::detect
