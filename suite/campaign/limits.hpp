// The allowed range of every numeric option, and the one check that every source of a value (command line,
// suite file, run.json of --resume and merge) goes through.
#pragma once

#include <string>

namespace autobench::campaign {

// An option's range in the unit it is typed in: [min, max], either end open when flagged. Every value
// must be finite; `whole` values must be integers too. `scale` converts the typed value into the stored
// one (1e-3: typed in milliseconds, stored in seconds).
struct Limit {
  const char* option;  // "--scale-factor"
  double min;
  double max;
  bool min_open = false;
  bool max_open = false;
  bool whole = false;
  double scale = 1.0;
};

// "(1, 16]", or "[1, 1000]" (whole numbers), for --help, docs/options.md and messages.
std::string range_text(const Limit& limit);

// The one-line reason `text` (as typed) is not allowed, "" when it is: "inf is not allowed: must be a
// finite number in (1, 16]".
std::string reason_not_allowed(const Limit& limit, const std::string& text);

// Throws std::invalid_argument "--scale-factor inf is not allowed: must be a finite number in (1, 16]".
void check_typed(const Limit& limit, double typed);
// The same check on a stored value (typed * scale), as read back from run.json.
void check_stored(const Limit& limit, double stored);

// The limits of the run, calibrate, detect and dataset options (documented in docs/options.md: Limits of the options).
namespace limits {
inline constexpr double kMaxSize = 1e12;  // problem sizes, in the kernel's elements
inline constexpr double kMaxBytes = 1125899906842624.0;  // 2^50 (1 PiB): a size's float32 footprint, beyond any GPU
inline constexpr Limit repeats{"--repeats", 1, 1000, false, false, true};
inline constexpr Limit start_size{"--start-size", 1, kMaxSize, false, false, true};
inline constexpr Limit max_size{"--max-size", 1, kMaxSize, false, false, true};
inline constexpr Limit scale_factor{"--scale-factor", 1, 16, true};
inline constexpr Limit coarse_factor{"--coarse-factor", 1, 16, true};
inline constexpr Limit safety_factor{"--safety-factor", 0, 1, true};
inline constexpr Limit min_points{"--min-points", 3, 1000, false, false, true};
inline constexpr Limit min_runtime_ms{"--min-runtime-ms", 0, 60000, false, false, false, 1e-3};
inline constexpr Limit post_knee{"--post-knee", 0, 1000, false, false, true};
inline constexpr Limit refine_precision{"--refine-precision", 0, 1, true, true};  // 0 stored: none
inline constexpr Limit iterations{"--iterations", 1, 100000, false, false, true};
inline constexpr Limit warmup{"--warmup", 0, 10000, false, false, true};
inline constexpr Limit tune_budget{"--tune-budget", 1, 10000, false, false, true};
inline constexpr Limit tune_iterations{"--tune-iterations", 1, 10000, false, false, true};
inline constexpr Limit tune_prune{"--tune-prune", 1, 1e6, true};  // 0 stored: none
inline constexpr Limit seed{"--seed", 0, 9007199254740992.0, false, false, true};  // 2^53: exact in JSON readers
inline constexpr Limit sensitivity{"--sensitivity", 0, 100, true};
inline constexpr Limit distance_threshold{"--distance-threshold", 0, 1};
inline constexpr Limit spline_knots{"--spline-knots", 1, 100, false, false, true};
inline constexpr Limit sim_realtime{"--sim-realtime", 0, 1000};
inline constexpr Limit power_window_ms{"--power-window-ms", 0, 60000, false, false, false, 1e-3};
inline constexpr Limit power_interval_ms{"--power-interval-ms", 0.001, 1000, false, false, false, 1e-3};
inline constexpr Limit time_budget_s{"--time-budget", 0, 366 * 86400.0, true};
inline constexpr Limit reference_clock_mhz{"--reference-clock", 0, 10000};  // calibrate; 0: the highest clock
inline constexpr Limit temperature_s{"--temperature-s", 0, 3600};           // calibrate
// dataset (its --warmup and --iterations are the run's above)
inline constexpr Limit per_kernel{"--per-kernel", 1, 1e6, false, false, true};
inline constexpr Limit max_waves{"--max-waves", 1, 1e4};
inline constexpr Limit balance_max{"--balance-max", 0, 10, true};
inline constexpr Limit test_fraction{"--test-fraction", 0, 1, true, true};
inline constexpr Limit memory_fraction{"--memory-fraction", 0, 0.95, true};
// model, model evaluate (their --seed is the run's above)
inline constexpr Limit samples{"--samples", 3, 1e6, false, false, true};
inline constexpr Limit test_samples{"--test", 1, 1e6, false, false, true};
inline constexpr Limit model_iterations{"--iterations", 1, 10000, false, false, true};
inline constexpr Limit theta{"--theta", 0, 1, false, true};
inline constexpr Limit phi{"--phi", 0, 1, false, true};
inline constexpr Limit max_terms{"--max-terms", 1, 100, false, false, true};
inline constexpr Limit knots{"--knots", 1, 3, false, false, true};
inline constexpr Limit rows_per_column{"--rows-per-column", 1, 100, false, false, true};
inline constexpr Limit bagging{"--bagging", 1, 100, false, false, true};
inline constexpr Limit evaluate_repeats{"--repeats", 1, 1000, false, false, true};
inline constexpr Limit top_k{"--top-k", 1, 1000, false, false, true};
inline constexpr Limit replay_tune_budget{"--tune-budget", 1, 1000, false, false, true};
inline constexpr Limit tuner_top_k{"--tuner-top-k", 1, 1000, false, false, true};
inline constexpr Limit tuner_random{"--tuner-random", 0, 1000, false, false, true};
inline constexpr Limit tuner_incumbents{"--tuner-incumbents", 0, 1000, false, false, true};
// run options checked after parsing too (they depend on each other)
inline constexpr Limit knee_bootstrap{"--knee-bootstrap", 0, 100000, false, false, true};
inline constexpr Limit noise_target{"--noise-target", 0, 1, false, true};
inline constexpr Limit max_time_ms{"--max-time-ms", 0, 3.6e6, true, false, false, 1e-3};
}  // namespace limits

}  // namespace autobench::campaign
