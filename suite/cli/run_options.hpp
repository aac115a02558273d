// The options of the main run (`autobench-mpi --suite ...`), bound to RunSettings.
#pragma once

#include <optional>

#include <CLI/CLI.hpp>

#include "suite/campaign/run_settings.hpp"

namespace autobench::cli {

// The options of campaign::run_options() and campaign::autoscale_options() bound to `settings`, and the
// values of the few that add_run_options binds by hand (they depend on each other), before to_settings
// turns them into RunSettings.
struct RunOptions {
  campaign::RunSettings settings;
  int iterations = 33;              // launches per size including the warm-up
  bool cold = false, warm = false;  // neither: each kernel's default timing mode
  bool offline = false;
  std::optional<double> refine_precision;  // unset: 0.05 for the adaptive sweep, no refinement for geometric
  bool no_refine = false;
  bool no_compile_cache = false;
  bool quiet = false, verbose = false;
  std::optional<double> power_window_ms;    // measured span per power window; 0: none; unset: from the sensor
  std::optional<std::string> power_points;  // knee, sparse, all; unset: all with --knee-metric efficiency, else sparse
};

// Adds every run option of the option table (suite/campaign/option_table.hpp) to `app`, in its group.
void add_run_options(CLI::App& app, RunOptions& options);

// Checks the typed values and returns the settings; throws UsageError naming a bad value.
campaign::RunSettings to_settings(const RunOptions& options, const CLI::App& app);

// A resumed run (--resume) keeps its own settings: throws UsageError naming every option typed besides
// --resume and those in `allowed` (long names without dashes), instead of ignoring them.
void refuse_options_with_resume(const CLI::App& app, const std::vector<std::string>& allowed);

}  // namespace autobench::cli
