// Reading the result files named on a subcommand's command line: a file that cannot be read is a
// usage error naming it.
#pragma once

#include <string>
#include <vector>

#include "suite/result_file/result_reader.hpp"
#include "suite/stats/compare_models.hpp"

namespace autobench::cli {

// Reads every file in order (the one reader: result_file::read_results), each with what `options` asks for
// (one for every file, or one each); throws UsageError "<command>: <reason>" for the first that cannot be
// read or that names a file given before (also by another path).
std::vector<stats::NamedResultFile> read_result_files(const std::string& command,
                                                       const std::vector<std::string>& paths,
                                                       const std::vector<result_file::ReadOptions>& options = {{}});

}  // namespace autobench::cli
