// An output named on the command line, checked before any work: one that cannot be written is a usage error.
#pragma once

#include <string>
#include <vector>

namespace autobench::cli {

// writing::check_output_directory (`own`: the directories below `dir` the command writes into, e.g. "csv") and
// writing::check_output_file as UsageError "<command>: --output 'x' is not usable: ..." (exit 2; no "<command>: "
// when `command` is "").
void check_output(const std::string& command, const std::string& option, const std::string& dir,
                  const std::vector<std::string>& own = {});
void check_output_file(const std::string& command, const std::string& option, const std::string& file);

}  // namespace autobench::cli
