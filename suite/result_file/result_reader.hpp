// Reads a results file written by result_writer back into the results model.
#pragma once

#include <string>
#include <vector>

#include "suite/results/result_file.hpp"

namespace autobench::result_file {

// Each rank's campaigns come back grouped by kernel, then detector (each in the order the writer first
// met them), then in the order they were written. Throws std::runtime_error naming the file when it
// cannot be read, is not an autobench results file, or has another schema version.
results::ResultFile read_results(const std::string& path);

}  // namespace autobench::result_file
