// The options of the main run (`autobench-mpi --suite ...`), bound to RunSettings.
#pragma once

#include <optional>

#include <CLI/CLI.hpp>

#include "suite/campaign/run_settings.hpp"

namespace autobench::cli {

// Values as typed on the command line, before they are checked and turned into RunSettings.
struct RunOptions {
  campaign::RunSettings settings;
  std::int64_t start_size = 0;   // 0: kernel default
  std::int64_t max_size = 0;     // 0: estimate from memory
  int iterations = 33;           // launches per size including the warm-up
  bool cold = false, warm = false;  // neither: each kernel's default timing mode
  std::string estimator = "mean";
  double noise_target = 0.005;   // relative standard error per size; 0 (or --iterations typed): fixed count
  int max_launches = 1000;
  double max_time_ms = 200;
  std::int64_t bootstrap = 200;  // --knee-bootstrap replicates
  int min_points = 5;
  double min_runtime_ms = 1.0;
  int post_knee = 3;
  std::string x_scale = "log";
  std::string smoothing = "spline";
  bool offline = false;
  std::string sweep = "geometric";
  std::string tuner = "search";
  std::optional<double> refine_precision;  // unset: 0.05 for the adaptive sweep, no refinement for geometric
  bool no_refine = false;
  bool no_compile_cache = false;
  std::string safeguards = "thesis";
  bool quiet = false, verbose = false;
  std::optional<double> power_window_ms;   // measured span per power window; 0: none; unset: from the sensor
  std::optional<std::string> power_points;  // knee, sparse, all; unset: all with --knee-metric efficiency, else sparse
  double power_interval_ms = 10;
  std::string knee_metric = "throughput";
};

void add_run_options(CLI::App& app, RunOptions& options);

// Checks the typed values and returns the settings; throws UsageError naming a bad value.
campaign::RunSettings to_settings(const RunOptions& options, const CLI::App& app);

// A resumed run (--resume) keeps its own settings: throws UsageError naming every option typed besides
// --resume and those in `allowed` (long names without dashes), instead of ignoring them.
void refuse_options_with_resume(const CLI::App& app, const std::vector<std::string>& allowed);

// The settings of `--suite FILE`: the file's matrix and [options], each [kernel.NAME] table over
// them for that kernel, and the options typed on the command line (`typed`, parsed from `args`)
// over both. Throws UsageError "FILE:LINE: ..." naming a bad key or value in the file.
campaign::RunSettings settings_with_suite_file(const std::string& path, const CLI::App& typed,
                                               const std::vector<std::string>& args);

}  // namespace autobench::cli
