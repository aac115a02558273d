// Running the project's Python scripts (see python_script.hpp).
#include "suite/cli/python_script.hpp"

#include <fcntl.h>
#include <spawn.h>
#include <unistd.h>
#include <sys/wait.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>

#include "suite/cli/errors.hpp"

extern char** environ;

namespace autobench::cli {
namespace {

// <prefix>/share/autobench-mpi of an installed binary (<prefix>/bin/autobench-mpi).
std::filesystem::path installed_share_dir() {
  return std::filesystem::read_symlink("/proc/self/exe").parent_path().parent_path() / "share" / "autobench-mpi";
}

std::filesystem::path script_path(const std::string& command, const std::string& script) {
  const auto installed = installed_share_dir() / script;
  if (std::filesystem::is_regular_file(installed)) return installed;
  const auto source = std::filesystem::path(AUTOBENCH_SCRIPTS_DIR) / script;
  if (std::filesystem::is_regular_file(source)) return source;
  throw RunFailure(command + ": cannot find " + script + " (looked for " + installed.string() + " and " +
                   source.string() + ")");
}

// The interpreter to run a script with and, for an error message, every place looked at on the way.
struct Interpreter {
  std::string path;  // a path, or "python3" to search PATH
  std::string tried;
};

Interpreter interpreter() {
  if (const char* env = std::getenv("AUTOBENCH_PYTHON"); env != nullptr && *env != '\0')
    return {env, std::string("$AUTOBENCH_PYTHON=") + env};
  std::string tried = "$AUTOBENCH_PYTHON (unset)";
  for (const std::filesystem::path& candidate :
       {installed_share_dir() / "venv" / "bin" / "python3", std::filesystem::path(AUTOBENCH_PYTHON_DEFAULT)}) {
    if (candidate.empty()) continue;
    if (std::filesystem::exists(candidate)) return {candidate.string(), tried + ", " + candidate.string()};
    tried += ", " + candidate.string() + " (absent)";
  }
  return {"python3", tried + ", python3 on PATH"};
}

}  // namespace

void run_python_script(const std::string& command, const std::string& script, const std::vector<std::string>& args) {
  const auto path = script_path(command, script);
  const Interpreter python = interpreter();
  std::vector<std::string> words{python.path, path.string()};
  words.insert(words.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& a : words) argv.push_back(a.data());
  argv.push_back(nullptr);

  // The script's standard output comes through a pipe into ours: escaped like everything we print, and a
  // write that fails there (a full disk, a size limit) is ours to report (main checks stdout last).
  int pipe_fds[2];
  if (::pipe2(pipe_fds, O_CLOEXEC) != 0) throw RunFailure(command + ": cannot make a pipe: " + std::strerror(errno));
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, pipe_fds[1], STDOUT_FILENO);
  std::fflush(stdout);
  pid_t pid = 0;
  const int err = posix_spawnp(&pid, python.path.c_str(), &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  ::close(pipe_fds[1]);
  if (err != 0) {
    ::close(pipe_fds[0]);
    throw RunFailure(command + ": cannot run " + python.path + " (" + std::strerror(err) + "; tried " + python.tried +
                     "); install Python 3 and the packages of " + (path.parent_path() / "requirements.txt").string() +
                     " (scripts/install-deps.sh does, into the project venv) or set AUTOBENCH_PYTHON");
  }
  char buffer[65536];
  for (;;) {  // read to the end even when our stdout fails, so the script never blocks on a full pipe
    const ssize_t n = ::read(pipe_fds[0], buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    std::fwrite(buffer, 1, static_cast<std::size_t>(n), stdout);
  }
  ::close(pipe_fds[0]);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) throw RunFailure(command + ": waiting for " + python.path + " failed: " + std::strerror(errno));
  }
  // The script has printed its own error (and, for missing modules, how to install them).
  if (!WIFEXITED(status))
    throw RunFailure(command + ": " + python.path + " was killed by signal " + std::to_string(WTERMSIG(status)));
  if (WEXITSTATUS(status) == kExitUsage) throw UsageError("");
  if (WEXITSTATUS(status) != 0) throw RunFailure("");
}

}  // namespace autobench::cli
