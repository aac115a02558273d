// Writes a run's results as the HDF5 file of README.md's schema (version 1).
#pragma once

#include <string>
#include <vector>

#include "suite/results/results.hpp"
#include "suite/stats/stability.hpp"

namespace autobench::writing {

// Writes `path + ".tmp"` and renames it to `path` once complete, so `path` never holds a partial
// file. On failure removes the temporary file and throws (std::runtime_error for I/O, naming the
// file; std::invalid_argument for results that cannot be stored, e.g. a kernel name with '/').
void write_results(const std::string& path, const results::RunInfo& info, const std::vector<results::RankResult>& ranks,
                   const std::vector<stats::StabilityRow>& stability, const std::string& settings_json);

}  // namespace autobench::writing
