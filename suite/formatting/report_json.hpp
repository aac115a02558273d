// The `report --format json` form of a results file: a documented, stable structure (docs/output.md,
// "`report` JSON"). Missing measurements (NaN) are null.
#pragma once

#include <nlohmann/json.hpp>
#include <ostream>
#include <string>

#include "suite/results/result_file.hpp"
#include "suite/stats/gpu_health.hpp"
#include "suite/stats/run_summary.hpp"

namespace autobench::formatting {

// `gpu_health` is judged against `reference` where it has the kernel, else the run's same-model GPUs. Made
// from `run` alone: no point is read.
nlohmann::json report_json(const stats::RunSummary& run, const std::string& path,
                           const stats::HealthReference* reference = nullptr);
// report_json(run, path, reference).dump(2) and a line break, written to `out` a campaign at a time: the memory
// of one campaign's JSON rather than of every campaign's (summary.json of a run of hundreds of ranks).
void write_report_json(const stats::RunSummary& run, const std::string& path, std::ostream& out,
                       const stats::HealthReference* reference = nullptr);
// The same of a file read whole (summarize_run).
nlohmann::json report_json(const results::ResultFile& file, const std::string& path,
                           const stats::HealthReference* reference = nullptr);

}  // namespace autobench::formatting
