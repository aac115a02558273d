// Output options checked first (see output_option.hpp).
#include "suite/cli/output_option.hpp"

#include <stdexcept>

#include "suite/cli/errors.hpp"
#include "suite/writing/output_check.hpp"

namespace autobench::cli {

void check_output(const std::string& command, const std::string& option, const std::string& dir,
                  const std::vector<std::string>& own) {
  try {
    writing::check_output_directory(option, dir, own);
  } catch (const std::invalid_argument& e) {
    throw UsageError((command.empty() ? "" : command + ": ") + e.what());
  }
}

void check_output_file(const std::string& command, const std::string& option, const std::string& file) {
  try {
    writing::check_output_file(option, file);
  } catch (const std::invalid_argument& e) {
    throw UsageError((command.empty() ? "" : command + ": ") + e.what());
  }
}

}  // namespace autobench::cli
