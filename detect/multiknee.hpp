// multiknee's recursive splitting and its bound on depth (a header for the worst-case test).
#pragma once

#include <cstddef>
#include <utility>
#include <vector>

#include "detector.hpp"

namespace autobench::detect {

// Splitting stops at this depth, which keeps multiknee at most kMultiKneeMaxLevels passes of its base
// detector over the curve (the segments of one level do not overlap): O(n) for the linear base
// detectors. A balanced split tree of n points needs about log2(n / min_segment) levels, fewer than 32
// for any curve (the detector tests' curves take at most 5). Only lopsided trees reach the bound: on a
// staircase of 10^4 steps, each 0.1 % lower than the last, with min_bend 0, the menger or kneedle base
// peels off one step a level, 3000+ levels and O(n^2) work without it (20 s on 10^5 points).
inline constexpr int kMultiKneeMaxLevels = 32;

struct SplitKnees {
  std::vector<std::pair<std::size_t, double>> knees;  // index, strength (distance from its segment's chord)
  int levels = 0;                                     // levels of segments searched: 0 .. kMultiKneeMaxLevels
};

// Every knee of `curve` (`unit` is its unit_curve) by recursive splitting with the single-knee detector
// `base`, as multiknee finds them (p: shape, distance_threshold and the declared multiknee.min_segment and multiknee.min_bend), in no order.
SplitKnees split_knees(const Curve& curve, const Curve& unit, const Detector& base, const Params& p);

}  // namespace autobench::detect
