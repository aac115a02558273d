// `autobench-mpi plot FILE [--output DIR]`: draws a results file's figures (PNG and PDF) by running
// scripts/plot_results.py with the first Python interpreter found (plot_interpreter below).
#include <spawn.h>
#include <sys/wait.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "suite/cli/commands.hpp"
#include "suite/cli/errors.hpp"
#include "suite/cli/result_files.hpp"

extern char** environ;

namespace autobench::cli {
namespace {

struct PlotOptions {
  std::string file;
  std::string output;
};

// <prefix>/share/autobench-mpi of an installed binary (<prefix>/bin/autobench-mpi).
std::filesystem::path installed_share_dir() {
  return std::filesystem::read_symlink("/proc/self/exe").parent_path().parent_path() / "share" / "autobench-mpi";
}

// The interpreter to run the script with and, for an error message, every place looked at on the way.
struct Interpreter {
  std::string path;  // a path, or "python3" to search PATH
  std::string tried;
};

// In order: $AUTOBENCH_PYTHON (an explicit choice, used even if it does not exist); the venv installed next
// to this binary (<prefix>/share/autobench-mpi/venv); the interpreter configured at build time
// (CMake's AUTOBENCH_PYTHON, by default the project venv of scripts/install-deps.sh); python3 on PATH.
Interpreter plot_interpreter() {
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

// The installed copy (<prefix>/share/autobench-mpi/ next to <prefix>/bin/autobench-mpi) when this binary
// is installed, else the source tree's scripts/ this binary was built from.
std::filesystem::path plot_script() {
  const auto installed = installed_share_dir() / "plot_results.py";
  if (std::filesystem::is_regular_file(installed)) return installed;
  const auto source = std::filesystem::path(AUTOBENCH_SCRIPTS_DIR) / "plot_results.py";
  if (std::filesystem::is_regular_file(source)) return source;
  throw RunFailure("plot: cannot find plot_results.py (looked for " + installed.string() + " and " + source.string() +
                   ")");
}

void plot(const PlotOptions& options) {
  read_result_files("plot", {options.file});  // refused exactly as `report` refuses it, before python starts
  const auto script = plot_script();
  const auto python = plot_interpreter();
  std::vector<std::string> args{python.path, script.string(), options.file};
  if (!options.output.empty()) args.insert(args.end(), {"--output", options.output});
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);

  pid_t pid = 0;
  if (const int err = posix_spawnp(&pid, python.path.c_str(), nullptr, nullptr, argv.data(), environ); err != 0) {
    throw RunFailure("plot: cannot run " + python.path + " (" + std::strerror(err) + "; tried " + python.tried +
                     "); install Python 3 and the packages of " + (script.parent_path() / "requirements.txt").string() +
                     " (scripts/install-deps.sh does, into the project venv) or set AUTOBENCH_PYTHON");
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) throw RunFailure("plot: waiting for " + python.path + " failed: " + std::strerror(errno));
  }
  // The script has printed its own error (and, for missing modules, how to install them).
  if (!WIFEXITED(status))
    throw RunFailure("plot: " + python.path + " was killed by signal " + std::to_string(WTERMSIG(status)));
  if (WEXITSTATUS(status) == kExitUsage) throw UsageError("");
  if (WEXITSTATUS(status) != 0) throw RunFailure("");
}

}  // namespace

void add_plot_command(CLI::App& app) {
  auto options = std::make_shared<PlotOptions>();
  auto* cmd = app.add_subcommand("plot", "Draw a results file's figures as PNG and PDF: per campaign time and "
                                         "throughput over size with the knee, repeat grids, device models compared "
                                         "(needs Python 3 with h5py, matplotlib and numpy: $AUTOBENCH_PYTHON, else "
                                         "<prefix>/share/autobench-mpi/venv, else the build's venv, else python3)");
  cmd->add_option("file", options->file, "Results file written by a run (autobench.h5)")->required();
  cmd->add_option("--output", options->output, "Directory for the figures (default: plots/ next to the file)");
  cmd->callback([options] { plot(*options); });
}

}  // namespace autobench::cli
