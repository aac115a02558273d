// The settings of a run started with `--suite FILE`: the file's options, per-kernel tables and the
// command line's options over them, parsed as run options and located in the file when bad.
#pragma once

#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "suite/campaign/run_settings.hpp"

namespace autobench::cli {

// The settings of `--suite FILE`: the file's matrix and [options], each [kernel.NAME] table over
// them for that kernel, and the options typed on the command line (`typed`, parsed from `args`)
// over both. Throws UsageError "FILE:LINE: ..." naming a bad key or value in the file.
campaign::RunSettings settings_with_suite_file(const std::string& path, const CLI::App& typed,
                                               const std::vector<std::string>& args);

}  // namespace autobench::cli
