// The run's option table (see option_table.hpp): every run option.
#include "suite/campaign/option_table.hpp"

#include "detect/detector_params.hpp"
#include "detect/spline_fit.hpp"

namespace autobench::campaign {
namespace {

using A = autoscale::AutoscaleSettings;
using R = RunSettings;
using nlohmann::json;

std::vector<Option<R>> make_run_options() {
  namespace L = limits;
  return {
      {"suite", "Matrix", "Suite to run: quick (vecadd+gemm, triangle+kneedle, 1 repeat) or full (every kernel and "
       "detector, 5 repeats), screen (triad+fp32, triangle, 3 repeats: the GPU health screen, docs/health.md), or "
       "a TOML suite file (see docs/options.md: Suite files)",
       "suite", +[](R& s) -> auto& { return s.suite; }},
      {"", "", "The TOML suite file the matrix came from (\"\" for a built-in suite)", "suite_file",
       +[](R& s) -> auto& { return s.suite_file; }},
      {"kernels", "Matrix", "Kernels to run, comma-separated (default: the suite's; see `list`)", "kernels",
       +[](R& s) -> auto& { return s.kernels; }},
      {"detectors", "Matrix", "Knee detectors, comma-separated (default: the suite's)", "detectors",
       +[](R& s) -> auto& { return s.detectors; }},
      {"repeats", "Matrix", "Repeats of every kernel x detector campaign (default: the suite's)", "repeats",
       +[](R& s) -> auto& { return s.repeats; }, &L::repeats, required(), 0.0},
      {"independent-sweeps", "Matrix",
       "One sweep per detector (thesis behaviour) instead of one sweep feeding all detectors", "independent_sweeps",
       +[](R& s) -> auto& { return s.independent_sweeps; }},

      {kBackendOption.name, "Devices", kBackendOption.help, "backend", +[](R& s) -> auto& { return s.backend; }},
      {kSimDeviceOption.name, "Devices", kSimDeviceOption.help, "sim_device", +[](R& s) -> auto& { return s.sim_device; }},
      {"sim-realtime", "Devices", "Sim: sleep this many times the simulated time (timed launches and power windows), "
       "so a sim run takes real time (default 0: as fast as possible)",
       "sim_realtime", +[](R& s) -> auto& { return s.sim_realtime; }, &L::sim_realtime},
      {"compile-cache", "Devices", "Directory of the on-disk NVRTC compile cache (default: "
       "$XDG_CACHE_HOME/autobench-mpi/nvrtc, else ~/.cache/...; a shared path lets jobs on other nodes reuse it)",
       "compile_cache_dir", +[](R& s) -> auto& { return s.compile_cache_dir; }, nullptr, keep_default()},
      {"no-compile-cache", "Devices", "Compile every kernel afresh, reading and writing no compile cache",
       "compile_cache", +[](R& s) -> auto& { return s.compile_cache; }, nullptr, keep_default(), {}, true},
      {kOutputOption.name, "Output", kOutputOption.help, "output_dir", +[](R& s) -> auto& { return s.output_dir; }},

      {"power-points", "Power", "Points that get a power window: consensus (default: each sweep's median knee, the "
       "answer; on a kernel's first sweep also the last 2 points after it and 1 size per decade they leave "
       "uncovered), knee (each detector's knee and the last 2 points after it, every sweep), sparse (knee's plus 1 "
       "size per decade, every sweep) or all (every point; the default and the only choice with --knee-metric "
       "efficiency). Each point's power_reason says why it got a window or not",
       "power_points", +[](R& s) -> auto& { return s.power.points; }, nullptr, was("all"), {}, true},
      {"power-window-ms", "Power", "Measured span of a power window (0: no windows). Default: derived from the "
       "sensor, 3 update periods plus its lag (about 0.39 s on an H100: 100 ms updates); energy from the sensor's "
       "energy counter between its updates inside the load",
       "power_window_s", +[](R& s) -> auto& { return s.power.window_s; }, &L::power_window_ms, keep_default(),
       energy::kDerivedWindow, true},
      {"power-filter", "Power", "Filter of the power trace: none, maf[:W], gh[:G[,H]], kalman[:Q,R] (the unfiltered "
       "mean is kept too)",
       "power_filter", +[](R& s) -> auto& { return s.power.filter; }, nullptr, keep_default()},
      {"power-interval-ms", "Power", "Time between power sensor readings", "power_interval_s",
       +[](R& s) -> auto& { return s.power.interval_s; }, &L::power_interval_ms, keep_default()},
      {"calibration", "Power", "Power calibration file (from `calibrate`): correct every point to the reference clock "
       "and temperature",
       "calibration", +[](R& s) -> auto& { return s.power.calibration_file; }, nullptr, keep_default()},

      {"dry-run", "", "Print the plan and exit without measuring", nullptr, +[](R& s) -> auto& { return s.dry_run; }},
      {"quiet", "", "Print only errors and the result path", nullptr, {}, nullptr, {}, {}, true},
      {"verbose", "", "Print every measured size", nullptr, {}, nullptr, {}, {}, true},
  };
}

std::vector<Option<A>> make_autoscale_options() {
  namespace L = limits;
  return {
      {"start-size", "Autoscaling", "First problem size (default: the kernel's)", "start_size",
       +[](A& a) -> auto& { return a.start_size; }, &L::start_size, required(), 0.0},
      {"scale-factor", "Autoscaling", "Geometric growth between sizes (> 1)", "scale_factor",
       +[](A& a) -> auto& { return a.scale_factor; }, &L::scale_factor},
      {"max-size", "Autoscaling", "Largest problem size (default: estimated from free memory)", "max_size",
       +[](A& a) -> auto& { return a.max_size; }, &L::max_size, required(), 0.0},
      {"safety-factor", "Autoscaling", "Fraction of free memory a sweep may use", "safety_factor",
       +[](A& a) -> auto& { return a.safety_factor; }, &L::safety_factor},
      {"min-points", "Autoscaling", "Points measured before any knee detection", "min_points",
       +[](A& a) -> auto& { return a.safeguards.min_points; }, &L::min_points},
      {"min-runtime-ms", "Autoscaling", "The latest point's time must reach this before a knee counts",
       "min_runtime_s", +[](A& a) -> auto& { return a.safeguards.min_runtime_s; }, &L::min_runtime_ms},
      {"post-knee", "Autoscaling", "Sizes measured after a knee before the sweep stops", "post_knee",
       +[](A& a) -> auto& { return a.post_knee; }, &L::post_knee},
      {"sweep", "Autoscaling", "Sizes: geometric (every size --scale-factor apart, thesis) or adaptive "
       "(--coarse-factor apart, then the knee refined by bisection)",
       "sweep", named(+[](A& a) -> auto& { return a.sweep; }, autoscale::kSweepNames), nullptr, was("geometric")},
      {"coarse-factor", "Autoscaling", "Adaptive sweep: geometric growth far from the knee (> 1)", "coarse_factor",
       +[](A& a) -> auto& { return a.coarse_factor; }, &L::coarse_factor, keep_default()},
      {"refine-precision", "Autoscaling", "Measure sizes around the knee (bisection in log size) until its neighbours "
       "lie within this relative distance (default: 0.05 with --sweep adaptive, off with geometric)",
       "refine_precision", +[](A& a) -> auto& { return a.refine_precision; }, &L::refine_precision, keep_default(),
       0.0, true},
      {"no-refine", "Autoscaling", "No knee refinement (thesis)", nullptr, {}, nullptr, {}, {}, true},
      {"safeguards", "Autoscaling", "When a knee may count: thesis (--min-runtime-ms and the given thresholds) or "
       "noise-aware (derived from the timing noise; --min-runtime-ms, --distance-threshold, --sensitivity override)",
       "safeguards", named(+[](A& a) -> auto& { return a.safeguards.mode; }, autoscale::kSafeguardsNames), nullptr,
       was("thesis")},

      // Stored as the timed launches (the typed count less --warmup); checked with --warmup by check_plan.
      {"iterations", "Timing", "Launches per size; the first --warmup are dropped. Typed: exactly this many "
       "(thesis), unless --noise-target is typed too",
       "iterations", {}, &L::iterations, required(), {}, true,
       [](const A& a) { return json(a.timing.iterations); },
       [](A& a, const json& j) { j.get_to(a.timing.iterations); }},
      {"warmup", "Timing", "Launches dropped before timing", "warmup", +[](A& a) -> auto& { return a.timing.warmup; },
       &L::warmup},
      {"noise-target", "Timing", "Time each size until the relative standard error of its mean time is at most this "
       "(0: exactly --iterations)",
       "noise_target", +[](A& a) -> auto& { return a.noise_stop.target; }, &L::noise_target, was(0.0)},
      {"max-launches", "Timing", "Noise target: timed launches per size at most", "max_launches",
       +[](A& a) -> auto& { return a.noise_stop.max_launches; }, nullptr, keep_default()},
      {"max-time-ms", "Timing", "Noise target: summed kernel time per size at most", "max_time_s",
       +[](A& a) -> auto& { return a.noise_stop.max_time_s; }, &L::max_time_ms, keep_default()},
      // Stored as true, false or null (each kernel's default); runs from before per-kernel timing modes stored false.
      {"cold", "Timing", "Flush the L2 and re-initialise inputs between iterations (default: vecadd)", "cold", {},
       nullptr, required(), {}, true,
       [](const A& a) { return a.cold ? json(*a.cold) : json(); },
       [](A& a, const json& j) {
         if (!j.is_null()) a.cold = j.get<bool>();
       }},
      {"warm", "Timing", "No flush between iterations (default: gemm, fp32)", nullptr, {}, nullptr, {}, {}, true},
      {"estimator", "Timing", "Time per size behind the throughput the detectors see: mean (thesis), median or min "
       "(all three are stored)",
       "estimator", named(+[](A& a) -> auto& { return a.estimator; }, autoscale::kEstimatorNames), nullptr,
       was("mean")},
      {"tune-budget", "Timing", "Configurations timed per size (larger spaces are sampled)", "tune_budget",
       +[](A& a) -> auto& { return a.tune_budget; }, &L::tune_budget},
      {"tune-iterations", "Timing", "Timed launches per configuration while tuning", "tune_iterations",
       +[](A& a) -> auto& { return a.tune_iterations; }, &L::tune_iterations},
      {"tune-prune", "Timing", "Stop timing, for the rest of a sweep, a configuration more than this many times "
       "slower than the fastest at a size and not catching up since the last size (0: time every configuration at "
       "every size)",
       "tune_prune", +[](A& a) -> auto& { return a.tune_prune; }, &L::tune_prune, was(0.0), 0.0, true},
      {"tuner", "Timing", "How configurations are chosen per size: search (every one up to --tune-budget, else a "
       "seeded sample) or model (at two warm-up sizes --tune-budget random, then the refitted model's --tuner-top-k "
       "until timed; after them a stepwise spline model of the timings so far picks --tuner-top-k, "
       "--tuner-incumbents, one per launch grid and --tuner-random; at every size the up to 3 within 5 % of the "
       "fastest are timed 3 more times and chosen by their median; see docs/models.md)",
       "tuner", named(+[](A& a) -> auto& { return a.tuner; }, autoscale::kTunerNames), nullptr, was("search")},
      {"tuner-top-k", "Timing", "Model tuner: best predicted configurations timed per size, and per further round at "
       "the warm-up sizes; also the most launch grids given one configuration each",
       "tuner_top_k", +[](A& a) -> auto& { return a.tuner_top_k; }, &L::tuner_top_k, keep_default()},
      {"tuner-random", "Timing", "Model tuner: random further configurations timed per size", "tuner_random",
       +[](A& a) -> auto& { return a.tuner_random; }, &L::tuner_random, keep_default()},
      {"tuner-incumbents", "Timing", "Model tuner: fastest configurations of the previous size timed again",
       "tuner_incumbents", +[](A& a) -> auto& { return a.tuner_incumbents; }, &L::tuner_incumbents, was(0)},
      {kSeedOption.name, "Timing", kSeedOption.help, "seed", +[](A& a) -> auto& { return a.seed; }, kSeedOption.limit},

      {"sensitivity", "Detection", "Kneedle sensitivity S", "sensitivity",
       +[](A& a) -> auto& { return a.detector_params.sensitivity; }, &L::sensitivity},
      {"distance-threshold", "Detection", "Triangle: minimum normalised distance for a knee", "distance_threshold",
       +[](A& a) -> auto& { return a.detector_params.distance_threshold; }, &L::distance_threshold},
      {"x-scale", "Detection", "x-space of the detectors: log (default) or linear", "x_scale",
       named(+[](A& a) -> auto& { return a.detector_params.x_scale; }, detect::kXScaleNames)},
      {"smoothing", "Detection", "What every detector runs on: spline (default: a least-squares natural cubic spline "
       "of the curve in the detectors' x-space), saturating (a least-squares fit t = t0 + work / B) or none (the "
       "measured points, the detectors as published)",
       "smoothing", named(+[](A& a) -> auto& { return a.detector_params.smoothing; }, detect::kSmoothingNames),
       nullptr, was("none")},
      // Stored as "auto" or the number.
      {"spline-knots", "Detection", "Interior knots of the spline, evenly spaced: a number, or auto (default: one per "
       "0.6 decade of size, 3 to 8)",
       "spline_knots", +[](A& a) -> auto& { return a.detector_params.spline_knots; }, &L::spline_knots,
       keep_default(), static_cast<double>(detect::kAutoKnots), true,
       [](const A& a) { return spline_knots_to_json(a.detector_params.spline_knots); },
       [](A& a, const json& j) { a.detector_params.spline_knots = spline_knots_from_json(j); }},
      // --detector-param kneedle.online=false; run.json from before it was declared by kneedle hold "online".
      {"offline", "Detection", "Kneedle offline mode (first knee only) instead of online (--detector-param "
       "kneedle.online=false)",
       "online", {}, nullptr, moved(), {}, true,
       [](const A& a) { return json(detect::choice(a.detector_params, "kneedle", "online") == "true"); },
       [](A& a, const json& j) {
         if (!j.get<bool>()) a.detector_params.chosen["kneedle.online"] = "false";
       }},
      // Stored as {"NAME.KEY": value} of the knobs set: a number, or a choice's name (those with a Params field,
      // kneedle.sensitivity, under their own key).
      {"detector-param", "Detection", "A detector's own parameter, NAME.KEY=VALUE (repeat, or separate by commas; e.g. "
       "multiknee.strong_fraction=0.3 or hybrid.proposer=lmethod; `list` shows each detector's, with default and "
       "range or choices; kneedle.sensitivity is --sensitivity)",
       "detector_params", {}, nullptr, keep_default(), {}, true,
       [](const A& a) { return detector_params_to_json(a.detector_params); },
       [](A& a, const json& j) { detector_params_from_json(a.detector_params, j); }},
      {"knee-bootstrap", "Detection", "Bootstrap replicates for each knee's 95% size interval (launch times "
       "resampled, detector rerun; 0: no interval)",
       "bootstrap", +[](A& a) -> auto& { return a.bootstrap; }, &L::knee_bootstrap, was(0)},
      {"knee-metric", "Detection", "Curve the detectors see: throughput (default) or efficiency (work per joule; "
       "needs power windows)",
       "knee_metric", named(+[](A& a) -> auto& { return a.knee_metric; }, autoscale::kKneeMetricNames), nullptr,
       was("throughput")},
      {"knee-allow-throttled", "Detection", "Let a throttled point (a thermal or power clock-event reason, or an SM "
       "clock 10% below the sweep's median) be the knee; by default such points are held out and a knee on one "
       "moves to the nearest clean point (docs/knees.md)",
       "knee_allow_throttled", +[](A& a) -> auto& { return a.knee_allow_throttled; }, nullptr, was(false)},

      // Set by --safeguards noise-aware and the thresholds typed with it; not options of their own.
      {"", "", "noise-aware safeguards: timing jitter allowed, as a share of the latest time", "max_jitter",
       +[](A& a) -> auto& { return a.safeguards.max_jitter; }, nullptr, keep_default()},
      {"", "", "noise-aware safeguards: thresholds sit this many noise standard deviations up", "noise_z",
       +[](A& a) -> auto& { return a.safeguards.noise_z; }, nullptr, keep_default()},
      {"", "", "noise-aware safeguards: the thresholds typed, kept as given", "fixed_thresholds", {}, nullptr,
       keep_default(), {}, false,
       [](const A& a) {
         return json{{"min_runtime_s", a.fixed_thresholds.min_runtime},
                     {"distance_threshold", a.fixed_thresholds.distance_threshold},
                     {"sensitivity", a.fixed_thresholds.sensitivity}};
       },
       [](A& a, const json& j) {
         j.at("min_runtime_s").get_to(a.fixed_thresholds.min_runtime);
         j.at("distance_threshold").get_to(a.fixed_thresholds.distance_threshold);
         j.at("sensitivity").get_to(a.fixed_thresholds.sensitivity);
       }},
  };
}

}  // namespace

const std::vector<Option<R>>& run_options() {
  static const auto table = make_run_options();
  return table;
}

const std::vector<Option<A>>& autoscale_options() {
  static const auto table = make_autoscale_options();
  return table;
}

}  // namespace autobench::campaign
