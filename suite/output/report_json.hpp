// The `report --format json` form of a results file: a documented, stable structure (README.md,
// "`report` JSON"). Missing measurements (NaN) are null.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "suite/output/hdf5_reader.hpp"

namespace autobench::output {

nlohmann::json report_json(const ResultFile& file, const std::string& path);

}  // namespace autobench::output
