// Result files named on the command line (see result_files.hpp).
#include "suite/cli/result_files.hpp"

#include <filesystem>
#include <stdexcept>

#include "suite/cli/errors.hpp"
#include "suite/reading/hdf5_reader.hpp"

namespace autobench::cli {

std::vector<stats::NamedResultFile> read_result_files(const std::string& command,
                                                       const std::vector<std::string>& paths) {
  std::vector<stats::NamedResultFile> files;
  for (const auto& path : paths) {
    if (!std::filesystem::is_regular_file(path)) throw UsageError(command + ": no such file: " + path);
    try {
      files.push_back({path, reading::read_results(path)});
    } catch (const std::runtime_error& e) {
      throw UsageError(command + ": " + e.what());
    }
  }
  return files;
}

}  // namespace autobench::cli
