// The `report --format json` form of a results file: a documented, stable structure (docs/output.md,
// "`report` JSON"). Missing measurements (NaN) are null.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "suite/results/result_file.hpp"

namespace autobench::formatting {

nlohmann::json report_json(const results::ResultFile& file, const std::string& path);

}  // namespace autobench::formatting
