// Output checks before any work (see output_check.hpp).
#include "suite/writing/output_check.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <stdexcept>

#include "suite/files/atomic_file.hpp"
#include "suite/files/input_file.hpp"
#include "suite/text/echo.hpp"

namespace autobench::writing {
namespace fs = std::filesystem;
namespace {

[[noreturn]] void refuse(const std::string& option, const std::string& path, const std::string& why) {
  throw std::invalid_argument(option + " " + text::echo(path) + " is not usable: " + why);
}

// Throws unless `dir` (existing) is a directory this process may create files in.
void check_writable(const std::string& option, const std::string& path, const fs::path& dir) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec))
    refuse(option, path,
           text::echo(dir.string()) + " is not a directory (it is " + files::file_kind(fs::status(dir, ec)) + ")");
  if (::access(dir.c_str(), W_OK | X_OK) != 0)
    refuse(option, path, text::echo(dir.string()) + " is not writable (" + std::strerror(errno) + ")");
}

}  // namespace

void check_output_directory(const std::string& option, const std::string& dir, const std::vector<std::string>& own) {
  if (dir.empty()) refuse(option, dir, "it names no directory");
  fs::path existing = fs::absolute(dir).lexically_normal();
  std::error_code ec;
  while (!fs::exists(existing, ec) && existing.has_relative_path()) existing = existing.parent_path();
  check_writable(option, dir, existing);
  for (const auto& name : own) {
    const std::string path = (fs::path(dir) / name).string();
    if (const std::string problem = files::own_directory_problem(path); !problem.empty())
      refuse(option, dir, text::echo(path) + ": " + problem);
  }
}

void check_output_file(const std::string& option, const std::string& file) {
  if (file.empty()) refuse(option, file, "it names no file");
  std::error_code ec;
  const fs::file_status status = fs::status(file, ec);
  if (fs::exists(status) && !fs::is_regular_file(status)) refuse(option, file, "it is " + files::file_kind(status));
  fs::path parent = fs::absolute(file).parent_path();
  if (!fs::exists(parent, ec)) refuse(option, file, "the directory " + text::echo(parent.string()) + " does not exist");
  check_writable(option, file, parent);
}

}  // namespace autobench::writing
