// Writes a run's results as the HDF5 file of the documented schema (version 2: docs/output.md).
#pragma once

#include <string>
#include <vector>

#include "suite/results/results.hpp"
#include "suite/results/time_split.hpp"
#include "suite/stats/stability.hpp"

namespace autobench::result_file {

// Builds the file in memory and writes it to `path` whole (files/atomic_file.hpp), so `path` never holds a
// partial file and keeps its old content on failure. Throws WriteError when the file cannot be written
// (naming it and the system's reason), std::runtime_error for other HDF5 failures and
// std::invalid_argument for results that cannot be stored (e.g. a kernel name with '/'). The consensus
// knees (/consensus) are computed here from the ranks' complete campaigns; the ranks' time splits go to
// /time_split (none: no such group).
void write_results(const std::string& path, const results::RunInfo& info, const std::vector<results::RankResult>& ranks,
                   const std::vector<results::StabilityRow>& stability, const std::string& settings_json,
                   const std::vector<results::RankTimeSplit>& time_splits = {});

}  // namespace autobench::result_file
