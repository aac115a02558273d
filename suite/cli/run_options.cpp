// Run options (see run_options.hpp).
#include "detect/spline_fit.hpp"
#include "suite/cli/run_options.hpp"

#include <algorithm>

#include "suite/campaign/option_table.hpp"
#include "suite/cli/bounded.hpp"
#include "suite/cli/detector_param_option.hpp"
#include "suite/cli/errors.hpp"
#include "suite/cli/option_binding.hpp"

namespace autobench::cli {

namespace {

// The options whose typed value is not their stored one, bound to `o` (by long name).
HandBindings hand_bindings(RunOptions& o) {
  auto& a = o.settings.autoscale;
  auto flag = [](bool& b, const char* names) {
    return [&b, names](CLI::App& app, const std::string& help, const campaign::Limit*) {
      return app.add_flag(names, b, help);
    };
  };
  auto bounded_option = [](auto& value, const char* name) {
    return [&value, name](CLI::App& app, const std::string& help, const campaign::Limit* limit) {
      return app.add_option(name, value, help)->check(bounded(*limit));
    };
  };
  return {
      {"no-compile-cache", flag(o.no_compile_cache, "--no-compile-cache")},
      {"power-points", [&o](CLI::App& app, const std::string& help, const campaign::Limit*) {
         return app.add_option("--power-points", o.power_points, help);
       }},
      {"power-window-ms", bounded_option(o.power_window_ms, "--power-window-ms")},
      {"quiet", flag(o.quiet, "-q,--quiet")},
      {"verbose", flag(o.verbose, "-v,--verbose")},
      {"refine-precision", bounded_option(o.refine_precision, "--refine-precision")},
      {"no-refine", flag(o.no_refine, "--no-refine")},
      {"iterations", bounded_option(o.iterations, "--iterations")},
      {"cold", flag(o.cold, "--cold")},
      {"warm", flag(o.warm, "--warm")},
      {"offline", flag(o.offline, "--offline")},
      {"tune-prune", [&a](CLI::App& app, const std::string& help, const campaign::Limit* limit) {
         return app.add_option("--tune-prune", a.tune_prune, help)->transform(bounded_or(*limit, "0", 0));
       }},
      {"detector-param", [&a](CLI::App& app, const std::string& help, const campaign::Limit*) {
         return add_detector_param_option(app, help, a.detector_params);
       }},
      {"spline-knots", [&a](CLI::App& app, const std::string& help, const campaign::Limit* limit) {
         return app.add_option("--spline-knots", a.detector_params.spline_knots, help)
             ->transform(bounded_or(*limit, "auto", detect::kAutoKnots));
       }},
  };
}

}  // namespace

void add_run_options(CLI::App& app, RunOptions& o) {
  app.option_defaults()->always_capture_default();
  const auto by_hand = hand_bindings(o);
  for (const auto& group : campaign::kGroups) {
    add_options(app, campaign::run_options(), o.settings, group, by_hand);
    add_options(app, campaign::autoscale_options(), o.settings.autoscale, group, by_hand);
  }
}

campaign::RunSettings to_settings(const RunOptions& o, const CLI::App& app) {
  campaign::RunSettings s = o.settings;  // every bound value was checked against its limit while parsing
  auto& a = s.autoscale;
  a.timing.iterations = o.iterations - a.timing.warmup;
  if (o.cold && o.warm) throw UsageError("--cold and --warm exclude each other (allowed: one of them)");
  if (o.cold || o.warm) a.cold = o.cold;
  // --iterations N alone is the thesis's fixed count; --noise-target typed as well keeps the target.
  if (app.count("--iterations") && !app.count("--noise-target")) a.noise_stop.target = 0.0;
  // --offline is kneedle.online=false's own name, --sensitivity kneedle.sensitivity's.
  if (o.offline && detector_param_typed(app, "kneedle.online"))
    throw UsageError("--offline and --detector-param kneedle.online set the same value (allowed: one of them)");
  if (o.offline) a.detector_params.chosen["kneedle.online"] = "false";
  const bool typed_sensitivity = detector_param_typed(app, "kneedle.sensitivity");
  if (typed_sensitivity && app.count("--sensitivity"))
    throw UsageError("--sensitivity and --detector-param kneedle.sensitivity set the same value (allowed: one of them)");
  a.fixed_thresholds = {app.count("--min-runtime-ms") > 0, app.count("--distance-threshold") > 0,
                        app.count("--sensitivity") > 0 || typed_sensitivity};
  if (o.no_compile_cache && app.count("--compile-cache"))
    throw UsageError("--no-compile-cache and --compile-cache exclude each other (allowed: one of them)");
  if (app.count("--compile-cache") && s.compile_cache_dir.empty())
    throw UsageError("--compile-cache '' is not allowed: must name a directory");
  s.compile_cache = !o.no_compile_cache;
  if (o.no_refine && o.refine_precision)
    throw UsageError("--no-refine and --refine-precision exclude each other (allowed: one of them)");
  const bool adaptive = a.sweep == autoscale::SweepMode::adaptive;
  a.refine_precision = o.no_refine ? 0.0 : o.refine_precision.value_or(adaptive ? 0.05 : 0.0);
  s.power.window_s = o.power_window_ms ? *o.power_window_ms * 1e-3 : energy::kDerivedWindow;
  const bool efficiency = a.knee_metric == autoscale::KneeMetric::efficiency;
  s.power.points = o.power_points.value_or(efficiency ? "all" : "consensus");
  try {
    energy::check(s.power);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  if (efficiency && s.power.window_s == 0)
    throw UsageError("--knee-metric efficiency needs power windows: --power-window-ms must be > 0");
  if (efficiency && s.power.points != "all")
    throw UsageError("--power-points " + s.power.points + " is not allowed with --knee-metric efficiency: the "
                     "detectors need the energy of every point (allowed: all)");
  s.verbosity = o.quiet ? 0 : o.verbose ? 2 : 1;
  return s;
}

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

}  // namespace autobench::cli
