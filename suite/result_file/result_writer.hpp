// Writes a run's results as the HDF5 file of the documented schema (version 2: docs/output.md).
#pragma once

#include <string>

#include "suite/results/result_file.hpp"

namespace autobench::result_file {

// Builds the file of `content` (file_content.hpp gives the order the file keeps) in memory and writes it to
// `path` whole (files/atomic_file.hpp), so `path` never holds a partial file and keeps its old content on
// failure. Throws WriteError when the file cannot be written (naming it and the system's reason),
// std::runtime_error for other HDF5 failures and std::invalid_argument for results that cannot be stored
// (e.g. a kernel name with '/'). The ranks' time splits go to /time_split (none: no such group).
void write_results(const std::string& path, const results::ResultFile& content);

}  // namespace autobench::result_file
