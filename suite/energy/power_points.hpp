// Which measured points get a power window, and why (--power-points): windows only where they inform.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "suite/results/results.hpp"
#include "record/names.hpp"

namespace autobench::energy {

// consensus (the default): after the sweep, the sweep's answer (its detectors' median knee), and on a
// kernel's first sweep of the run also the plateau after it and a log-spaced subset as with sparse: the
// answer's power on every sweep, the energy-efficiency curve once per kernel and rank;
// knee: after the sweep, each campaign's knee and its last points after the knee (the plateau);
// sparse: knee's points plus a log-spaced subset of the sweep wherever they leave a decade uncovered, so
// that the energy-efficiency curve stays readable from the first size to the last, on every sweep;
// all: every point, right after it is timed (what --knee-metric efficiency needs).
enum class PowerPoints { consensus, knee, sparse, all };
inline constexpr auto kPowerPointsNames = record::names<PowerPoints>(
    "power points",
    {{PowerPoints::consensus, "consensus"}, {PowerPoints::knee, "knee"}, {PowerPoints::sparse, "sparse"}, {PowerPoints::all, "all"}});

// Point::power_reason values.
namespace reason {
inline constexpr const char* all = "all";              // --power-points all: every point
inline constexpr const char* knee = "knee";            // a campaign's knee (its last point when none was found);
                                                       // with consensus, the sweep's median knee
inline constexpr const char* post_knee = "post_knee";  // measured after the knee (the plateau)
inline constexpr const char* sparse = "sparse";        // the log-spaced subset
inline constexpr const char* own_launches = "own_launches";  // its timed launches spanned enough sensor updates
inline constexpr const char* skipped = "skipped";      // the policy gave it no window
inline constexpr const char* stopped = "stopped";      // chosen, but the run stopped (signal, time budget) first
inline constexpr const char* off = "off";              // windows disabled (--power-window-ms 0) or no sensor
}  // namespace reason

// The log-spaced subset adds a size wherever no chosen size lies within a factor 10^(1/this) of it:
// at most about 6 points over a sweep from 10^3 to 10^9, fewer where knee and plateau points stand.
inline constexpr double kSparsePointsPerDecade = 1.0;
// Post-knee windows per campaign: its last points after the knee (the plateau the sweep measured once the
// knee counted; with the minimum-runtime safeguard a sweep may measure many more sizes past the knee).
inline constexpr std::size_t kPostKneeWindows = 2;

// The sizes of one sweep's campaigns (they share the sweep's sizes) that get a window after the sweep,
// with the reason (the first that applies: knee, post_knee, sparse). With `knee` and `sparse`, for each
// campaign, its points sorted by size: the knee (knee_index, the last point when no knee was detected) is
// `knee`, the last kPostKneeWindows sizes above it `post_knee`. With `consensus`, one knee for the sweep:
// the lower median of the detected knees' sizes (the size the consensus rule, docs/knees.md, picks when
// the detectors agree; the largest campaign's last point when none detected one); when `first_of_kernel`,
// also the last kPostKneeWindows sizes of the sweep above it. With `sparse`, and with `consensus` when
// `first_of_kernel`, from the union of the campaigns' sizes, smallest first, also every size with no chosen
// size (knee, post_knee or sparse) within a factor 10^(1/kSparsePointsPerDecade) of it. With `all`,
// nothing (every point had its window when it was timed).
std::map<std::uint64_t, std::string> select_power_points(const std::vector<results::Campaign>& campaigns,
                                                         PowerPoints policy, bool first_of_kernel = true);

}  // namespace autobench::energy
