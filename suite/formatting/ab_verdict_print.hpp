// The A/B part of `compare`: verdicts per kernel and size region as an aligned text table or as JSON.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "suite/stats/ab_compare.hpp"

namespace autobench::formatting {

// The two sides, then one row per (kernel, region): verdict, B/A time ratio with its interval, sizes,
// launches per side, and what would settle an AMBIGUOUS verdict.
std::string ab_table(const stats::AbComparison& c);

// {"a", "b", "a_model", "b_model", "threshold", "level", "unmatched_kernels": [...],
//  "rows": [{kernel, region, knee_size, size_low, size_high, sizes, launches_a, launches_b,
//            verdict, ratio, ratio_low, ratio_high, more_launches}]}
// verdict, ratio and its bounds are null for a region with no size measured on both sides;
// more_launches is null unless the verdict is AMBIGUOUS (-1: no number of launches would settle it).
nlohmann::json ab_json(const stats::AbComparison& c);

}  // namespace autobench::formatting
