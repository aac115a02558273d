// Running the project's Python scripts (see python_script.hpp).
#include "suite/cli/python_script.hpp"

#include <spawn.h>
#include <sys/wait.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include "suite/cli/errors.hpp"

extern char** environ;

namespace autobench::cli {
namespace {

constexpr const char* kInstallHint =
    "install Python 3 with matplotlib and h5py: sudo apt-get install python3 python3-matplotlib python3-h5py "
    "(or: python3 -m pip install h5py matplotlib numpy)";

std::filesystem::path script_path(const std::string& command, const std::string& script) {
  const auto exe = std::filesystem::read_symlink("/proc/self/exe");
  const auto installed = exe.parent_path().parent_path() / "share" / "autobench-mpi" / script;
  if (std::filesystem::is_regular_file(installed)) return installed;
  const auto source = std::filesystem::path(AUTOBENCH_SCRIPTS_DIR) / script;
  if (std::filesystem::is_regular_file(source)) return source;
  throw RunFailure(command + ": cannot find " + script + " (looked for " + installed.string() + " and " +
                   source.string() + ")");
}

}  // namespace

void run_python_script(const std::string& command, const std::string& script, const std::vector<std::string>& args) {
  std::vector<std::string> words{"python3", script_path(command, script).string()};
  words.insert(words.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& a : words) argv.push_back(a.data());
  argv.push_back(nullptr);

  pid_t pid = 0;
  if (const int err = posix_spawnp(&pid, "python3", nullptr, nullptr, argv.data(), environ); err != 0) {
    throw RunFailure(command + ": cannot run python3 (" + std::string(std::strerror(err)) + "); " + kInstallHint);
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) {
      throw RunFailure(command + ": waiting for python3 failed: " + std::string(std::strerror(errno)));
    }
  }
  if (!WIFEXITED(status)) {
    throw RunFailure(command + ": python3 was killed by signal " + std::to_string(WTERMSIG(status)));
  }
  if (WEXITSTATUS(status) == kExitUsage) throw UsageError("");
  if (WEXITSTATUS(status) != 0) throw RunFailure("");
}

}  // namespace autobench::cli
