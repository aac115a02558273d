// The main job: validate, start MPI, run every rank's campaigns, gather and write one HDF5 file.
#pragma once

#include <string>

#include "suite/campaign/run_settings.hpp"

namespace autobench::cli {

// Returns the process exit code. Throws UsageError for bad input found before any measurement.
int run_benchmarks(const campaign::RunSettings& settings, const std::string& command_line, int& argc, char**& argv);

}  // namespace autobench::cli
