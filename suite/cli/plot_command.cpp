// `autobench-mpi plot FILE [--output DIR]`: draws a results file's figures (PNG and PDF) by running
// scripts/plot_results.py with the python3 on PATH.
#include <spawn.h>
#include <sys/wait.h>

#include <cerrno>
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

constexpr const char* kInstallHint =
    "install Python 3 with matplotlib and h5py: sudo apt-get install python3 python3-matplotlib python3-h5py "
    "(or: python3 -m pip install h5py matplotlib numpy)";

struct PlotOptions {
  std::string file;
  std::string output;
};

// The installed copy (<prefix>/share/autobench-mpi/ next to <prefix>/bin/autobench-mpi) when this binary
// is installed, else the source tree's scripts/ this binary was built from.
std::filesystem::path plot_script() {
  const auto exe = std::filesystem::read_symlink("/proc/self/exe");
  const auto installed = exe.parent_path().parent_path() / "share" / "autobench-mpi" / "plot_results.py";
  if (std::filesystem::is_regular_file(installed)) return installed;
  const auto source = std::filesystem::path(AUTOBENCH_SCRIPTS_DIR) / "plot_results.py";
  if (std::filesystem::is_regular_file(source)) return source;
  throw RunFailure("plot: cannot find plot_results.py (looked for " + installed.string() + " and " + source.string() +
                   ")");
}

void plot(const PlotOptions& options) {
  read_result_files("plot", {options.file});  // refused exactly as `report` refuses it, before python starts
  std::vector<std::string> args{"python3", plot_script().string(), options.file};
  if (!options.output.empty()) args.insert(args.end(), {"--output", options.output});
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);

  pid_t pid = 0;
  if (const int err = posix_spawnp(&pid, "python3", nullptr, nullptr, argv.data(), environ); err != 0) {
    throw RunFailure("plot: cannot run python3 (" + std::string(std::strerror(err)) + "); " + kInstallHint);
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) throw RunFailure("plot: waiting for python3 failed: " + std::string(std::strerror(errno)));
  }
  // The script has printed its own error (and, for missing modules, how to install them).
  if (!WIFEXITED(status)) throw RunFailure("plot: python3 was killed by signal " + std::to_string(WTERMSIG(status)));
  if (WEXITSTATUS(status) == kExitUsage) throw UsageError("");
  if (WEXITSTATUS(status) != 0) throw RunFailure("");
}

}  // namespace

void add_plot_command(CLI::App& app) {
  auto options = std::make_shared<PlotOptions>();
  auto* cmd = app.add_subcommand("plot", "Draw a results file's figures as PNG and PDF: per campaign time and "
                                         "throughput over size with the knee, repeat grids, device models compared "
                                         "(needs python3 with matplotlib and h5py)");
  cmd->add_option("file", options->file, "Results file written by a run (autobench.h5)")->required();
  cmd->add_option("--output", options->output, "Directory for the figures (default: plots/ next to the file)");
  cmd->callback([options] { plot(*options); });
}

}  // namespace autobench::cli
