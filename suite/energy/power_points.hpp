// Which measured points get a power window, and why (--power-points): windows only where they inform.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "suite/results/results.hpp"

namespace autobench::energy {

// all: every point, right after it is timed (what --knee-metric efficiency needs);
// knee: after the sweep, the points around each campaign's knee and the points after it;
// sparse (the default): knee's points plus a log-spaced subset of the sweep, so that the
// energy-efficiency curve stays readable from the first size to the last.
enum class PowerPoints { knee, sparse, all };
const char* to_string(PowerPoints p);
// Throws std::invalid_argument naming the value and what is allowed.
PowerPoints power_points_from_string(const std::string& s);

// Point::power_reason values.
namespace reason {
inline constexpr const char* all = "all";              // --power-points all: every point
inline constexpr const char* knee = "knee";            // the knee or its nearest measured neighbour
inline constexpr const char* post_knee = "post_knee";  // measured after the knee (the plateau)
inline constexpr const char* sparse = "sparse";        // the log-spaced subset
inline constexpr const char* own_launches = "own_launches";  // its timed launches spanned enough sensor updates
inline constexpr const char* skipped = "skipped";      // the policy gave it no window
inline constexpr const char* stopped = "stopped";      // chosen, but the run stopped (signal, time budget) first
inline constexpr const char* off = "off";              // windows disabled (--power-window-ms 0) or no sensor
}  // namespace reason

// The log-spaced subset keeps at most this many points per decade of problem size (and always the first
// and the last size): about 7 points over a sweep from 10^3 to 10^9.
inline constexpr double kSparsePointsPerDecade = 1.0;
// Post-knee windows per campaign: its last points after the knee (the plateau the sweep measured once the
// knee counted; with the minimum-runtime safeguard a sweep may measure many more sizes past the knee).
inline constexpr std::size_t kPostKneeWindows = 2;

// The sizes of one sweep's campaigns (they share the sweep's sizes) that get a window after the sweep,
// with the reason (the first that applies: knee, post_knee, sparse). For each campaign, its points
// sorted by size: the knee (knee_index, the last point when no knee was detected) and its nearest
// measured neighbours below and above are `knee`, the last kPostKneeWindows sizes above it `post_knee`.
// With `sparse`, from the union of the campaigns' sizes also the greedy log-spaced subset: the smallest
// size, then each next size at least 10^(1/kSparsePointsPerDecade) times the last one chosen, and the largest. With `all`,
// nothing (every point had its window when it was timed).
std::map<std::uint64_t, std::string> select_power_points(const std::vector<results::Campaign>& campaigns,
                                                         PowerPoints policy);

}  // namespace autobench::energy
