// The report's flagged points: per kernel how many of its measured points were throttled, and how many
// missed the noise target (stopped by the launch or time cap), and with details which (rank, repeat,
// size, why); nothing when no point was.
#pragma once

#include <optional>

#include "suite/formatting/text_document.hpp"
#include "suite/results/result_file.hpp"
#include "suite/stats/run_summary.hpp"

namespace autobench::formatting {

// "Throttled points" with one entry per kernel that has any: "fp32: 1 of 57 points" (from the sweeps' counts
// of `run`'s health evidence) and, with `details` (the file read whole), "rank 0 repeat 0 size 4096
// (sw_thermal_slowdown)" for each. A sweep's points are counted once, however many detectors ran on it.
// nullopt when no point of the file is throttled.
std::optional<TextSection> throttled_section(const stats::RunSummary& run, const results::ResultFile* details);

// "Points that missed the noise target", the same way: "rank 0 repeat 4 size 7856896 (noise 0.81% after
// 1000 launches)". nullopt when every point reached it.
std::optional<TextSection> unconverged_section(const stats::RunSummary& run, const results::ResultFile* details);

}  // namespace autobench::formatting
