// Result files named on the command line (see result_files.hpp).
#include "suite/cli/result_files.hpp"

#include <filesystem>
#include <stdexcept>

#include "suite/cli/errors.hpp"
#include "suite/files/input_file.hpp"
#include "suite/text/echo.hpp"

namespace autobench::cli {

std::vector<stats::NamedResultFile> read_result_files(const std::string& command,
                                                       const std::vector<std::string>& paths,
                                                       const std::vector<result_file::ReadOptions>& options) {
  std::vector<stats::NamedResultFile> files;
  for (std::size_t i = 0; i < paths.size(); ++i) {
    const std::string& path = paths[i];
    try {
      files::check_regular_file(path);
    } catch (const files::InputRefused& e) {
      throw UsageError(command + ": " + e.what());
    }
    for (std::size_t j = 0; j < i; ++j) {
      std::error_code ec;
      if (std::filesystem::equivalent(paths[j], path, ec))
        throw UsageError(command + ": " + text::echo(path) + " is the file " + text::echo(paths[j]) +
                         " again (each results file counts once)");
    }
    try {
      files.push_back({path, result_file::read_results(path, options.at(options.size() == 1 ? 0 : i))});
    } catch (const std::runtime_error& e) {
      throw UsageError(command + ": " + e.what());
    }
  }
  return files;
}

}  // namespace autobench::cli
