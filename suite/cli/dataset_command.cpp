// `autobench-mpi dataset`: its option table (suite/dataset/dataset_settings.hpp) and its own options, bound to
// the dataset job's request (suite/runs/dataset_job.hpp).
#include <algorithm>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>

#include "suite/cli/bounded.hpp"
#include "suite/cli/commands.hpp"
#include "suite/cli/job_exit.hpp"
#include "suite/cli/option_binding.hpp"
#include "suite/cli/run_options.hpp"
#include "suite/runs/dataset_job.hpp"

namespace autobench::cli {
namespace {

namespace ds = dataset;

// This process's command line, for provenance (/proc/self/cmdline; "autobench-mpi dataset" elsewhere).
std::string process_command_line() {
  std::ifstream in("/proc/self/cmdline", std::ios::binary);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  while (!text.empty() && text.back() == '\0') text.pop_back();
  std::replace(text.begin(), text.end(), '\0', ' ');
  return text.empty() ? "autobench-mpi dataset" : text;
}

}  // namespace

void add_dataset_command(CLI::App& app) {
  auto request = std::make_shared<runs::DatasetRequest>();
  auto* cmd = app.add_subcommand(
      "dataset", "Generate a runtime dataset (LLMPerf-style): launch configurations of every kernel sampled in three "
                 "occupancy regimes, measured and verified across the ranks; writes RUN_DIR/dataset.h5 and a "
                 "prompt-format RUN_DIR/dataset.jsonl, and prints where the time went (seconds of prepare, "
                 "verify, time and destroy per kernel, also in dataset.h5 /time_split)");
  add_options(*cmd, ds::dataset_options(), request->settings);
  cmd->add_option("--resume", request->resume_dir, "Continue a stopped dataset run in RUN_DIR with its own settings; "
                                                   "refused, changing nothing, when a rank's device cannot start or "
                                                   "another process holds RUN_DIR (docs/promises.md)");
  cmd->add_option("--time-budget", request->time_budget_s, "Seconds the run may take; no configuration starts that "
                                                          "would not finish (default: the SLURM job's time left)")
      ->check(bounded(campaign::limits::time_budget_s));
  cmd->add_flag("-q,--quiet", request->quiet, "Print only errors and the JSONL path");
  cmd->callback([request, cmd] {
    if (!request->resume_dir.empty()) refuse_options_with_resume(*cmd, {"time-budget", "quiet"});
    request->command_line = process_command_line();
    end_with(runs::run_dataset(*request));
  });
}

}  // namespace autobench::cli
