// `autobench-mpi dataset`: its options, bound to the dataset job's request (suite/runs/dataset_job.hpp).
#include <algorithm>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>

#include "suite/cli/bounded.hpp"
#include "suite/cli/commands.hpp"
#include "suite/cli/job_exit.hpp"
#include "suite/cli/run_options.hpp"
#include "suite/cli/shared_options.hpp"
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
  ds::DatasetSettings& s = request->settings;
  namespace limits = campaign::limits;
  add_device_options(*cmd, s.backend, s.sim_device);
  cmd->add_option("--kernels", s.kernels, "Kernels to sample (default: every kernel)")->delimiter(',');
  cmd->add_option("--per-kernel", s.per_kernel, "Configurations sampled per kernel and rank")
      ->check(bounded(limits::per_kernel))->capture_default_str();
  cmd->add_option("--ratio", s.ratio, "Regime ratio idle:under:full (idle: fewer workgroups than SMs; under: less "
                                      "than one full wave; full: one wave or more)")->capture_default_str();
  cmd->add_option("--max-waves", s.max_waves, "Largest launch of the full regime, in full waves")
      ->check(bounded(limits::max_waves))->capture_default_str();
  cmd->add_option("--balance", s.balance, "none, or iqr: fill sparse log2-time decades using a linear fit of time "
                                          "against global size (recorded per added configuration)")->capture_default_str();
  cmd->add_option("--balance-max", s.balance_max, "IQR additions at most this fraction of the sampled configurations")
      ->check(bounded(limits::balance_max))->capture_default_str();
  cmd->add_option("--warmup", s.warmup, "Launches dropped before timing")->check(bounded(limits::warmup))
      ->capture_default_str();
  cmd->add_option("--iterations", s.iterations, "Timed launches per configuration; the target is the median")
      ->check(bounded(limits::iterations))->capture_default_str();
  cmd->add_option("--test-fraction", s.test_fraction, "Share of rows on the test side of the random split")
      ->check(bounded(limits::test_fraction))->capture_default_str();
  cmd->add_option("--memory-fraction", s.memory_fraction, "Share of free device memory one configuration may take")
      ->check(bounded(limits::memory_fraction))->capture_default_str();
  add_seed_option(*cmd, s.seed);
  add_output_option(*cmd, s.output_dir);
  cmd->add_option("--resume", request->resume_dir, "Continue a stopped dataset run in RUN_DIR with its own settings; "
                                                   "refused, changing nothing, when a rank's device cannot start or "
                                                   "another process holds RUN_DIR (docs/promises.md)");
  cmd->add_option("--time-budget", request->time_budget_s, "Seconds the run may take; no configuration starts that "
                                                          "would not finish (default: the SLURM job's time left)")
      ->check(bounded(limits::time_budget_s));
  cmd->add_flag("-q,--quiet", request->quiet, "Print only errors and the JSONL path");
  cmd->callback([request, cmd] {
    if (!request->resume_dir.empty()) refuse_options_with_resume(*cmd, {"time-budget", "quiet"});
    request->command_line = process_command_line();
    end_with(runs::run_dataset(*request));
  });
}

}  // namespace autobench::cli
