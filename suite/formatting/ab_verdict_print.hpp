// The A/B part of `compare`: verdicts per kernel and size region as an aligned text table or as JSON.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "suite/stats/ab_compare.hpp"

namespace autobench::formatting {

// The two sides and the rule, then one row per (kernel, region): sizes, sweeps per side (and GPUs when
// several), points that missed the noise target per side, B/A time ratio with its interval (the launch
// noise only interval, so labelled, when UNREPLICATED), the verdict, and what would settle it.
std::string ab_table(const stats::AbComparison& c);

// {"a", "b", "a_model", "b_model", "threshold", "level", "likely_margin", "unconverged" ("left out" or
//  "kept"), "unmatched_kernels": [...],
//  "rows": [{kernel, region, knee_size, size_low, size_high, sizes, sweeps_a, sweeps_b, gpus_a, gpus_b,
//            units_a, units_b, unconverged_a, unconverged_b, verdict, likely, ratio, ratio_low, ratio_high,
//            df, more_repeats, launch_ratio, launch_ratio_low, launch_ratio_high, launches_a, launches_b}]}
// verdict and ratio are null for a region with no size measured on both sides; ratio_low/high and df are
// null when UNREPLICATED, likely is null unless UNREPLICATED beyond the margin, more_repeats (a side; -1:
// no number would settle it) null unless AMBIGUOUS, the launch_* fields null unless UNREPLICATED.
nlohmann::json ab_json(const stats::AbComparison& c);

}  // namespace autobench::formatting
