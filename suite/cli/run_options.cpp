// Run options (see run_options.hpp).
#include "detect/spline_fit.hpp"
#include "suite/cli/run_options.hpp"

#include <algorithm>
#include <set>

#include "suite/campaign/plan.hpp"
#include "suite/campaign/suite_file.hpp"
#include "suite/cli/bounded.hpp"
#include "suite/cli/errors.hpp"
#include "suite/formatting/echo.hpp"
#include "suite/writing/output_check.hpp"

namespace autobench::cli {

void add_run_options(CLI::App& app, RunOptions& o) {
  auto& s = o.settings;
  auto& a = s.autoscale;
  app.option_defaults()->always_capture_default();
  app.add_option("--suite", s.suite, "Suite to run: quick (vecadd+gemm, triangle+kneedle, 1 repeat) or full "
                                     "(every kernel and detector, 5 repeats), or a TOML suite file (see docs/options.md: Suite files)")
      ->group("Matrix");
  app.add_option("--kernels", s.kernels, "Kernels to run, comma-separated (default: the suite's; see `list`)")
      ->delimiter(',')->group("Matrix");
  app.add_option("--detectors", s.detectors, "Knee detectors, comma-separated (default: the suite's)")
      ->delimiter(',')->group("Matrix");
  app.add_option("--repeats", s.repeats, "Repeats of every kernel x detector campaign (default: the suite's)")
      ->check(bounded(campaign::limits::repeats))->group("Matrix");
  app.add_flag("--independent-sweeps", s.independent_sweeps,
               "One sweep per detector (thesis behaviour) instead of one sweep feeding all detectors")->group("Matrix");

  app.add_option("--backend", s.backend, "Device backend: auto (cuda when a GPU is visible, else sim), cuda, sim")
      ->group("Devices");
  app.add_option("--sim-device", s.sim_device, "Sim model for every rank (default: rank r uses model r mod 2; "
                                              "see `list`)")->group("Devices");
  app.add_option("--sim-realtime", s.sim_realtime, "Sim: sleep this many times the simulated time (timed launches and power windows), so a "
                                                  "sim run takes real time (default 0: as fast as possible)")
      ->check(bounded(campaign::limits::sim_realtime))->group("Devices");
  app.add_option("--compile-cache", s.compile_cache_dir, "Directory of the on-disk NVRTC compile cache (default: "
                                                       "$XDG_CACHE_HOME/autobench-mpi/nvrtc, else ~/.cache/...; a "
                                                       "shared path lets jobs on other nodes reuse it)")
      ->group("Devices");
  app.add_flag("--no-compile-cache", o.no_compile_cache, "Compile every kernel afresh, reading and writing no "
                                                         "compile cache")->group("Devices");
  app.add_option("--output", s.output_dir, "Parent directory of the run's timestamped result directory")
      ->group("Output");

  app.add_option("--start-size", o.start_size, "First problem size (default: the kernel's)")->check(bounded(campaign::limits::start_size))->group("Autoscaling");
  app.add_option("--scale-factor", a.scale_factor, "Geometric growth between sizes (> 1)")->check(bounded(campaign::limits::scale_factor))->group("Autoscaling");
  app.add_option("--max-size", o.max_size, "Largest problem size (default: estimated from free memory)")
      ->check(bounded(campaign::limits::max_size))->group("Autoscaling");
  app.add_option("--safety-factor", a.safety_factor, "Fraction of free memory a sweep may use")->check(bounded(campaign::limits::safety_factor))->group("Autoscaling");
  app.add_option("--min-points", o.min_points, "Points measured before any knee detection")->check(bounded(campaign::limits::min_points))->group("Autoscaling");
  app.add_option("--min-runtime-ms", o.min_runtime_ms, "The latest point's time must reach this before a knee "
                                                       "counts")->check(bounded(campaign::limits::min_runtime_ms))->group("Autoscaling");
  app.add_option("--post-knee", o.post_knee, "Sizes measured after a knee before the sweep stops")
      ->check(bounded(campaign::limits::post_knee))->group("Autoscaling");
  app.add_option("--sweep", o.sweep, "Sizes: geometric (every size --scale-factor apart, thesis) or adaptive "
                                    "(--coarse-factor apart, then the knee refined by bisection)")
      ->group("Autoscaling");
  app.add_option("--coarse-factor", a.coarse_factor, "Adaptive sweep: geometric growth far from the knee (> 1)")
      ->check(bounded(campaign::limits::coarse_factor))->group("Autoscaling");
  app.add_option("--refine-precision", o.refine_precision,
                 "Measure sizes around the knee (bisection in log size) until its neighbours lie within this "
                 "relative distance (default: 0.05 with --sweep adaptive, off with geometric)")
      ->check(bounded(campaign::limits::refine_precision))->group("Autoscaling");
  app.add_flag("--no-refine", o.no_refine, "No knee refinement (thesis)")->group("Autoscaling");
  app.add_option("--safeguards", o.safeguards, "When a knee may count: thesis (--min-runtime-ms and the given "
                                              "thresholds) or noise-aware (derived from the timing noise; "
                                              "--min-runtime-ms, --distance-threshold, --sensitivity override)")
      ->group("Autoscaling");

  app.add_option("--iterations", o.iterations, "Launches per size; the first --warmup are dropped. Typed: "
                                              "exactly this many (thesis), unless --noise-target is typed too")
      ->check(bounded(campaign::limits::iterations))->group("Timing");
  app.add_option("--warmup", a.timing.warmup, "Launches dropped before timing")->check(bounded(campaign::limits::warmup))->group("Timing");
  app.add_option("--noise-target", o.noise_target, "Time each size until the relative standard error of its mean "
                                                  "time is at most this (0: exactly --iterations)")
      ->check(bounded(campaign::limits::noise_target))->group("Timing");
  app.add_option("--max-launches", o.max_launches, "Noise target: timed launches per size at most")->group("Timing");
  app.add_option("--max-time-ms", o.max_time_ms, "Noise target: summed kernel time per size at most")
      ->check(bounded(campaign::limits::max_time_ms))->group("Timing");
  app.add_flag("--cold", o.cold, "Flush the L2 and re-initialise inputs between iterations (default: vecadd)")
      ->group("Timing");
  app.add_flag("--warm", o.warm, "No flush between iterations (default: gemm, fp32)")->group("Timing");
  app.add_option("--estimator", o.estimator, "Time per size behind the throughput the detectors see: mean "
                                            "(thesis), median or min (all three are stored)")->group("Timing");
  app.add_option("--tune-budget", a.tune_budget, "Configurations timed per size (larger spaces are sampled)")
      ->check(bounded(campaign::limits::tune_budget))->group("Timing");
  app.add_option("--tune-iterations", a.tune_iterations, "Timed launches per configuration while tuning")
      ->check(bounded(campaign::limits::tune_iterations))->group("Timing");
  app.add_option("--tune-prune", a.tune_prune, "Stop timing, for the rest of a sweep, a configuration more than this "
                                               "many times slower than the fastest at a size and not catching up "
                                               "since the last size (0: time every configuration at every size)")
      ->transform(bounded_or(campaign::limits::tune_prune, "0", 0))->group("Timing");
  app.add_option("--tuner", o.tuner, "How configurations are chosen per size: search (every one up to "
                                     "--tune-budget, else a seeded sample) or model (at two warm-up sizes --tune-budget "
                                     "random, then the refitted model's --tuner-top-k until timed; after them a stepwise "
                                     "spline model of the timings so far picks --tuner-top-k, --tuner-incumbents, one per "
                                     "launch grid and --tuner-random; at every size the up to 3 within 5 % of the "
                                     "fastest are timed 3 more times and chosen by their median; see docs/models.md)")
      ->group("Timing");
  app.add_option("--tuner-top-k", a.tuner_top_k, "Model tuner: best predicted configurations timed per size, and per "
                                                 "further round at the warm-up sizes; also the most launch grids "
                                                 "given one configuration each")
      ->check(bounded(campaign::limits::tuner_top_k))->group("Timing");
  app.add_option("--tuner-random", a.tuner_random, "Model tuner: random further configurations timed per size")
      ->check(bounded(campaign::limits::tuner_random))->group("Timing");
  app.add_option("--tuner-incumbents", a.tuner_incumbents, "Model tuner: fastest configurations of the previous size "
                                                           "timed again")
      ->check(bounded(campaign::limits::tuner_incumbents))->group("Timing");
  app.add_option("--seed", a.seed, "Seed for sampling and the sim backend's noise")->check(bounded(campaign::limits::seed))->group("Timing");

  app.add_option("--sensitivity", a.detector_params.sensitivity, "Kneedle sensitivity S")->check(bounded(campaign::limits::sensitivity))->group("Detection");
  app.add_option("--distance-threshold", a.detector_params.distance_threshold,
                 "Triangle: minimum normalised distance for a knee")->check(bounded(campaign::limits::distance_threshold))->group("Detection");
  app.add_option("--x-scale", o.x_scale, "x-space of the detectors: log (default) or linear")->group("Detection");
  app.add_option("--smoothing", o.smoothing, "What every detector runs on: spline (default: a least-squares natural "
                                             "cubic spline of the curve in the detectors' x-space), saturating (a "
                                             "least-squares fit t = t0 + work / B) or none (the measured points, the "
                                             "detectors as published)")->group("Detection");
  app.add_option("--spline-knots", a.detector_params.spline_knots, "Interior knots of the spline, evenly spaced: "
                                                                  "a number, or auto (default: one per 0.6 decade "
                                                                  "of size, 3 to 8)")
      ->transform(bounded_or(campaign::limits::spline_knots, "auto", detect::kAutoKnots))->group("Detection");
  app.add_flag("--offline", o.offline, "Kneedle offline mode (first knee only) instead of online")
      ->group("Detection");
  app.add_option("--knee-bootstrap", o.bootstrap, "Bootstrap replicates for each knee's 95% size interval "
                                                "(launch times resampled, detector rerun; 0: no interval)")
      ->check(bounded(campaign::limits::knee_bootstrap))->group("Detection");
  app.add_option("--knee-metric", o.knee_metric, "Curve the detectors see: throughput (default) or efficiency "
                                                 "(work per joule; needs power windows)")->group("Detection");

  app.add_option("--power-points", o.power_points,
                 "Points that get a power window: sparse (default: knee's, plus 1 size per decade they leave "
                 "uncovered), knee (after the sweep: each knee and the last 2 points after it) or all "
                 "(every point; the default and the only choice with --knee-metric efficiency). Each point's "
                 "power_reason says why it got a window or not")
      ->group("Power");
  app.add_option("--power-window-ms", o.power_window_ms,
                 "Measured span of a power window (0: no windows). Default: derived from the sensor, 3 update "
                 "periods plus its lag (about 0.39 s on an H100: 100 ms updates); energy from the sensor's "
                 "energy counter between its updates inside the load")
      ->check(bounded(campaign::limits::power_window_ms))->group("Power");
  app.add_option("--power-filter", s.power.filter, "Filter of the power trace: none, maf[:W], gh[:G[,H]], "
                                                   "kalman[:Q,R] (the unfiltered mean is kept too)")->group("Power");
  app.add_option("--power-interval-ms", o.power_interval_ms, "Time between power sensor readings")->check(bounded(campaign::limits::power_interval_ms))->group("Power");
  app.add_option("--calibration", s.power.calibration_file, "Power calibration file (from `calibrate`): correct "
                                                            "every point to the reference clock and temperature")
      ->group("Power");

  app.add_flag("--dry-run", s.dry_run, "Print the plan and exit without measuring");
  app.add_flag("-q,--quiet", o.quiet, "Print only errors and the result path");
  app.add_flag("-v,--verbose", o.verbose, "Print every measured size");
}

campaign::RunSettings to_settings(const RunOptions& o, const CLI::App& app) {
  campaign::RunSettings s = o.settings;
  // Every number was checked against its campaign::limits entry while parsing (bounded()).
  s.autoscale.start_size = static_cast<std::uint64_t>(o.start_size);
  s.autoscale.max_size = static_cast<std::uint64_t>(o.max_size);
  s.autoscale.safeguards.min_points = static_cast<std::size_t>(o.min_points);
  s.autoscale.safeguards.min_runtime_s = o.min_runtime_ms * 1e-3;
  s.autoscale.post_knee = static_cast<std::size_t>(o.post_knee);
  s.autoscale.timing.iterations = o.iterations - s.autoscale.timing.warmup;
  if (o.cold && o.warm) throw UsageError("--cold and --warm exclude each other (allowed: one of them)");
  if (o.cold || o.warm) s.autoscale.cold = o.cold;
  try {
    s.autoscale.estimator = autoscale::estimator_from_string(o.estimator);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  // --iterations N alone is the thesis's fixed count; --noise-target typed as well keeps the target.
  s.autoscale.noise_stop.target = app.count("--iterations") && !app.count("--noise-target") ? 0.0 : o.noise_target;
  s.autoscale.noise_stop.max_launches = o.max_launches;
  if (o.bootstrap < 0 || o.bootstrap > 100000)
    throw UsageError("--knee-bootstrap " + std::to_string(o.bootstrap) + " is not allowed: must be in [0, 100000]");
  s.autoscale.bootstrap = static_cast<std::size_t>(o.bootstrap);
  s.autoscale.noise_stop.max_time_s = o.max_time_ms * 1e-3;
  try {
    s.autoscale.detector_params.x_scale = detect::xscale_from_string(o.x_scale);
  } catch (const std::invalid_argument& e) {
    throw UsageError(std::string("--x-scale: ") + e.what());
  }
  s.autoscale.detector_params.online = !o.offline;
  try {
    s.autoscale.detector_params.smoothing = detect::smoothing_from_string(o.smoothing);
  } catch (const std::invalid_argument& e) {
    throw UsageError(std::string("--smoothing: ") + e.what());
  }
  try {
    s.autoscale.sweep = autoscale::sweep_mode_from_string(o.sweep);
  } catch (const std::invalid_argument& e) {
    throw UsageError(std::string("--sweep: ") + e.what());
  }
  try {
    s.autoscale.tuner = autoscale::tuner_from_string(o.tuner);
  } catch (const std::invalid_argument& e) {
    throw UsageError(std::string("--tuner: ") + e.what());
  }
  try {
    s.autoscale.safeguards.mode = autoscale::safeguards_from_string(o.safeguards);
  } catch (const std::invalid_argument& e) {
    throw UsageError(std::string("--safeguards: ") + e.what());
  }
  s.autoscale.fixed_thresholds = {app.count("--min-runtime-ms") > 0, app.count("--distance-threshold") > 0,
                                   app.count("--sensitivity") > 0};
  if (o.no_compile_cache && app.count("--compile-cache"))
    throw UsageError("--no-compile-cache and --compile-cache exclude each other (allowed: one of them)");
  if (app.count("--compile-cache") && s.compile_cache_dir.empty())
    throw UsageError("--compile-cache '' is not allowed: must name a directory");
  s.compile_cache = !o.no_compile_cache;
  if (o.no_refine && o.refine_precision)
    throw UsageError("--no-refine and --refine-precision exclude each other (allowed: one of them)");
  const bool adaptive = s.autoscale.sweep == autoscale::SweepMode::adaptive;
  s.autoscale.refine_precision = o.no_refine ? 0.0 : o.refine_precision.value_or(adaptive ? 0.05 : 0.0);
  s.power.window_s = o.power_window_ms ? *o.power_window_ms * 1e-3 : energy::kDerivedWindow;
  s.power.interval_s = o.power_interval_ms * 1e-3;
  try {
    s.autoscale.knee_metric = autoscale::knee_metric_from_string(o.knee_metric);
    const bool efficiency = s.autoscale.knee_metric == autoscale::KneeMetric::efficiency;
    s.power.points = o.power_points.value_or(efficiency ? "all" : "sparse");
    energy::check(s.power);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  if (s.autoscale.knee_metric == autoscale::KneeMetric::efficiency && s.power.window_s == 0)
    throw UsageError("--knee-metric efficiency needs power windows: --power-window-ms must be > 0");
  if (s.autoscale.knee_metric == autoscale::KneeMetric::efficiency && s.power.points != "all")
    throw UsageError("--power-points " + s.power.points + " is not allowed with --knee-metric efficiency: the "
                     "detectors need the energy of every point (allowed: all)");
  s.verbosity = o.quiet ? 0 : o.verbose ? 2 : 1;
  return s;
}

namespace {

// Run options given on the command line, by long name without dashes.
std::set<std::string> typed_names(const CLI::App& app) {
  std::set<std::string> names;
  for (const CLI::Option* o : app.get_options())
    if (o->count() > 0)
      for (const auto& n : o->get_lnames()) names.insert(n);
  return names;
}

// `file_options` (those not typed on the command line) followed by the command line's own
// arguments, parsed as run options; arguments of other options (--resume, ...) are ignored here.
campaign::RunSettings parse_with(const std::vector<campaign::SuiteOption>& file_options,
                                 const std::set<std::string>& typed, const std::vector<std::string>& args) {
  CLI::App app;
  app.allow_extras();
  RunOptions options;
  add_run_options(app, options);
  std::vector<std::string> all;
  for (const auto& o : file_options) {
    if (typed.count(o.name)) continue;
    if (o.value.empty() && app.get_option("--" + o.name)->get_expected_min() == 0)
      throw UsageError("--" + o.name + " '' is not allowed: a flag is true or false");
    if (o.value.empty())  // "--output=" would take the next argument as its value; as typed: --output ''
      all.insert(all.end(), {"--" + o.name, ""});
    else
      all.push_back("--" + o.name + "=" + o.value);
  }
  all.insert(all.end(), args.begin(), args.end());
  std::reverse(all.begin(), all.end());  // CLI11 takes a vector of arguments last-first
  app.parse(all);
  return to_settings(options, app);
}

// Checks that every name is a run option (in one of `groups`, when given).
void check_names(const campaign::SuiteFile& file, const std::vector<campaign::SuiteOption>& options,
                 const std::vector<std::string>& groups, const std::string& where) {
  CLI::App app;
  RunOptions unused;
  add_run_options(app, unused);
  for (const auto& o : options) {
    const bool not_run_option = o.name == "suite" || o.name == "help";
    const CLI::Option* opt = not_run_option ? nullptr : app.get_option_no_throw("--" + o.name);
    const bool allowed = opt && (groups.empty() || std::count(groups.begin(), groups.end(), opt->get_group()));
    if (!allowed) {
      std::string names;
      for (const CLI::Option* c : app.get_options())
        if (!c->get_lnames().empty() && c->get_lnames()[0] != "suite" && c->get_lnames()[0] != "help" &&
            (groups.empty() || std::count(groups.begin(), groups.end(), c->get_group())))
          names += (names.empty() ? "" : ", ") + c->get_lnames()[0];
      throw UsageError(file.path + ":" + std::to_string(o.line) + ": unknown option " + formatting::echo(o.name) + " in " + where +
                       " (allowed: " + names + ")");
    }
  }
}

// Runs `make` and rethrows its errors as UsageError located in the file.
template <typename Make>
auto located(const campaign::SuiteFile& file, const std::vector<campaign::SuiteOption>& options, Make make) {
  try {
    return make();
  } catch (const CLI::ParseError& e) {
    throw UsageError(campaign::locate(file, options, e.what()) + e.what());
  } catch (const std::invalid_argument& e) {
    throw UsageError(campaign::locate(file, options, e.what()) + e.what());
  } catch (const UsageError& e) {
    throw UsageError(campaign::locate(file, options, e.what()) + e.what());
  }
}

}  // namespace

void refuse_options_with_resume(const CLI::App& app, const std::vector<std::string>& allowed) {
  std::string given, allowed_text;
  for (const auto& name : allowed) allowed_text += ", --" + name;
  for (const CLI::Option* o : app.get_options()) {
    if (o->count() == 0 || o->get_lnames().empty()) continue;
    const std::string& name = o->get_lnames()[0];
    if (name != "resume" && std::find(allowed.begin(), allowed.end(), name) == allowed.end())
      given += (given.empty() ? "--" : ", --") + name;
  }
  if (!given.empty())
    throw UsageError("--resume continues a run with its own settings; " + given + " cannot change them (allowed with "
                     "--resume: " + allowed_text.substr(2) + ")");
}

campaign::RunSettings settings_with_suite_file(const std::string& path, const CLI::App& typed,
                                               const std::vector<std::string>& args) {
  campaign::SuiteFile file;
  try {
    file = campaign::read_suite_file(path);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  check_names(file, file.options, {}, "[options]");
  const std::set<std::string> on_command_line = typed_names(typed);
  for (const auto& o : file.options)  // as the typed --output is checked, but located: `output = ""` names no directory
    if (o.name == "output" && !on_command_line.count("output"))
      located(file, {o}, [&] {
        writing::check_output_directory("--output", o.value);
        return 0;
      });

  // The file alone first, so its own mistakes are reported against its lines.
  located(file, file.options, [&] {
    auto s = parse_with(file.options, {}, {});
    s.suite_file = path;
    return campaign::check_plan(s);
  });
  campaign::RunSettings settings = parse_with(file.options, on_command_line, args);
  settings.suite = file.name;
  settings.suite_file = path;
  const auto file_kernels = parse_with(file.options, {}, {}).kernels;

  for (const auto& [kernel, own] : file.kernel_options) {
    if (std::find(file_kernels.begin(), file_kernels.end(), kernel) == file_kernels.end())
      throw UsageError(path + ":" + std::to_string(file.kernel_lines.at(kernel)) + ": [kernel." + kernel +
                       "] but '" + kernel + "' is not in the file's kernels");
    check_names(file, own, {"Autoscaling", "Timing", "Detection"}, "[kernel." + kernel + "]");
    std::vector<campaign::SuiteOption> merged;  // the file's run-wide options, then the kernel's over them
    for (const auto& o : file.options)
      if (std::none_of(own.begin(), own.end(), [&](const campaign::SuiteOption& k) { return k.name == o.name; }))
        merged.push_back(o);
    merged.insert(merged.end(), own.begin(), own.end());
    located(file, own, [&] {
      auto s = parse_with(merged, {}, {});
      s.suite_file = path;
      s.kernels = {kernel};
      return campaign::check_plan(s);
    });
    if (std::count(settings.kernels.begin(), settings.kernels.end(), kernel))  // --kernels may narrow the run
      settings.kernel_autoscale[kernel] = parse_with(merged, on_command_line, args).autoscale;
  }
  std::vector<campaign::SuiteOption> every_table;  // a kernel's settings against the run's (power windows)
  for (const auto& [kernel, own] : file.kernel_options) every_table.insert(every_table.end(), own.begin(), own.end());
  located(file, every_table, [&] { return campaign::check_plan(settings); });
  return settings;
}

}  // namespace autobench::cli
