// The `compare` output: a comparison of device models as aligned text tables or as JSON.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "suite/stats/compare_models.hpp"

namespace autobench::formatting {

// The files' provenance, then one table per (kernel, detector), the consensus first: per model the knees
// found of all campaigns ("k/n"), the median knee size over those found, peak throughput and energy efficiency ("n/a" when missing), each with its ratio to the
// baseline and the ratio's [min, max] over campaign pairs.
std::string comparison_table(const stats::Comparison& c);

// {"files": [{path, start_time, backend, git_commit, hostnames}],
//  "comparisons": [{kernel, detector, metric_unit, efficiency_unit, baseline,
//                   models: [{model, campaigns, knees_found, files, knee_size, peak_throughput, energy_efficiency}]}]}
// where each figure is {median, ratio, ratio_min, ratio_max}; missing values are null.
nlohmann::json comparison_json(const stats::Comparison& c);

}  // namespace autobench::formatting
