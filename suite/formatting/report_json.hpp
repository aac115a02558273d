// The `report --format json` form of a results file: a documented, stable structure (docs/output.md,
// "`report` JSON"). Missing measurements (NaN) are null.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "suite/results/result_file.hpp"
#include "suite/stats/gpu_health.hpp"

namespace autobench::formatting {

// `gpu_health` is judged against `reference` where it has the kernel, else the run's same-model GPUs.
nlohmann::json report_json(const results::ResultFile& file, const std::string& path,
                           const stats::HealthReference* reference = nullptr);

}  // namespace autobench::formatting
