// `autobench-mpi detect --input FILE`: runs knee detectors on saved curves, a CSV file or every campaign of
// a results file, without measuring anything.
#include <cmath>
#include <algorithm>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "detect/analysis.hpp"
#include "detect/spline_fit.hpp"
#include "suite/autoscale/knee_metric.hpp"
#include "suite/autoscale/replay.hpp"
#include "suite/campaign/run_settings.hpp"
#include "suite/cli/bounded.hpp"
#include "suite/cli/commands.hpp"
#include "suite/cli/detector_param_option.hpp"
#include "suite/cli/errors.hpp"
#include "suite/files/input_file.hpp"
#include "suite/cli/option_binding.hpp"
#include "suite/reading/curve_csv.hpp"
#include "suite/formatting/detect_report.hpp"
#include "suite/result_file/result_reader.hpp"
#include "suite/stats/regime_knees.hpp"

namespace autobench::cli {
namespace {

struct DetectOptions {
  std::string input;
  std::vector<std::string> detectors;  // empty: every registered detector
  std::string x_col, y_col;
  std::optional<std::string> x_scale;
  bool online = false, offline = false;
  std::optional<double> sensitivity;
  std::optional<double> distance_threshold;
  std::optional<std::string> smoothing;
  std::optional<int> spline_knots;
  detect::Params declared;  // the --detector-param knobs (declared, chosen and sensitivity)
  bool sensitivity_param = false;  // --detector-param kneedle.sensitivity typed
  bool whole_curve = false;
  std::string format = "table";
};

// The detectors to run, validated: the named ones (each once, in order) or every registered one.
std::vector<std::string> chosen_detectors(const std::vector<std::string>& named) {
  std::vector<std::string> all;
  for (const auto& e : detect::list()) all.push_back(e.name);
  if (named.empty()) return all;
  std::vector<std::string> out;
  for (const auto& name : named) {
    if (!detect::exists(name)) {
      std::string allowed;
      for (const auto& a : all) allowed += (allowed.empty() ? "" : ", ") + a;
      throw UsageError("detect: unknown detector '" + name + "' (allowed: " + allowed + ")");
    }
    if (std::find(out.begin(), out.end(), name) == out.end()) out.push_back(name);
  }
  return out;
}

// The detector settings given on the command line, applied over `p` (the defaults, or a run's settings).
detect::Params overridden(detect::Params p, const DetectOptions& o) {
  if (o.x_scale) p.x_scale = detect::kXScaleNames.value(*o.x_scale);  // validated in check_options
  if (o.online || o.offline) p.chosen["kneedle.online"] = o.online ? "true" : "false";
  if (o.sensitivity) p.sensitivity = *o.sensitivity;
  if (o.distance_threshold) p.distance_threshold = *o.distance_threshold;
  if (o.smoothing) p.smoothing = detect::kSmoothingNames.value(*o.smoothing);  // validated in check_options
  if (o.spline_knots) p.spline_knots = *o.spline_knots;
  for (const auto& [name_key, value] : o.declared.declared) p.declared[name_key] = value;
  for (const auto& [name_key, name] : o.declared.chosen) p.chosen[name_key] = name;
  if (o.sensitivity_param) p.sensitivity = o.declared.sensitivity;
  return p;
}

void check_options(const DetectOptions& o) {
  try {
    if (o.x_scale) detect::kXScaleNames.value_for("--x-scale", *o.x_scale);
    if (o.smoothing) detect::kSmoothingNames.value_for("--smoothing", *o.smoothing);
  } catch (const std::invalid_argument& e) {
    throw UsageError(std::string("detect: ") + e.what());
  }
}

// HDF5 files start with this signature (autobench writes no user block before it).
bool is_hdf5(const std::string& path) {
  static const std::string signature = "\x89HDF\r\n\x1a\n";
  std::ifstream in(path, std::ios::binary);
  std::string head(signature.size(), '\0');
  return in.read(head.data(), static_cast<std::streamsize>(head.size())) && head == signature;
}

formatting::DetectReport detect_csv(const DetectOptions& o, const std::vector<std::string>& detectors) {
  const detect::Params params = overridden(autoscale::AutoscaleSettings{}.detector_params, o);  // a run's defaults
  reading::CurveColumns columns{o.x_col, o.y_col, detect::Safeguards{}.min_points,
                               params.x_scale == detect::XScale::log};
  reading::CsvCurve csv;
  try {
    csv = reading::read_curve_csv(o.input, columns);
  } catch (const reading::CurveCsvError& e) {
    throw UsageError(std::string("detect: ") + e.what());
  }
  formatting::CurveAnalysis c;
  c.x_name = csv.x_name;
  c.y_name = csv.y_name;
  c.curve = std::move(csv.curve);
  c.params = params;
  c.findings = detect::analyse(c.curve, detectors, params);
  return {o.input, "csv", "", {std::move(c)}};
}

// One campaign's curve (points sorted by size, as campaigns hold them) and what the detectors find on it:
// replaying its sweep with the run's settings (command-line settings override them), or on the whole curve.
formatting::CurveAnalysis analyse_campaign(const results::Campaign& c, std::uint64_t l2_bytes,
                                           const autoscale::AutoscaleSettings& run, const DetectOptions& o,
                                           const std::vector<std::string>& detectors) {
  autoscale::AutoscaleSettings settings = run;
  settings.detector_params = overridden(run.detector_params, o);
  settings.fixed_thresholds.sensitivity |= o.sensitivity || o.sensitivity_param;  // typed: kept as given, as in a run
  settings.fixed_thresholds.distance_threshold |= o.distance_threshold.has_value();

  formatting::CurveAnalysis a;
  a.campaign = formatting::CampaignId{c.rank, c.kernel, c.detector, c.repeat};
  if (c.knee_detected) a.recorded_knee = c.knee_index;
  if (c.knee_detected && !std::isnan(c.knee_low_size)) a.recorded_interval = {{c.knee_low_size, c.knee_high_size}};
  a.x_name = "size";
  a.y_name = autoscale::kKneeMetricNames.name(settings.knee_metric);
  for (const auto& p : c.points) {
    a.curve.x.push_back(static_cast<double>(p.size));
    a.curve.y.push_back(autoscale::metric_value(settings.knee_metric, p));
  }
  a.params = settings.detector_params;
  if (!o.whole_curve) a.replayed = settings.safeguards;
  try {
    a.regimes = stats::sweep_regimes(c.kernel, a.curve, l2_bytes);
    if (o.whole_curve || a.regimes.hump) {  // a hump: each regime's sizes whole, never a replayed sweep
      if (a.regimes.hump) a.replayed.reset();
      a.findings = detect::analyse_regimes(a.curve, a.regimes, detectors, a.params);
      return a;
    }
    for (const auto& name : detectors) {
      auto r = autoscale::replay_knee(name, c.points, settings);
      a.findings.push_back(detect::make_finding(name, std::move(r.knee), r.points, a.curve, a.params.x_scale));
    }
  } catch (const std::invalid_argument& e) {  // e.g. a missing metric value (NaN)
    a.error = e.what();
    a.findings.clear();
  }
  return a;
}

formatting::DetectReport detect_results(const DetectOptions& o, const std::vector<std::string>& detectors) {
  if (!o.x_col.empty() || !o.y_col.empty())
    throw UsageError("detect: --x-col and --y-col choose CSV columns, but " + o.input + " is an HDF5 results file");
  results::ResultFile file;
  campaign::RunSettings run;
  try {
    file = result_file::read_results(o.input);
    run = campaign::settings_from_json(nlohmann::json::parse(file.settings_json));
  } catch (const std::runtime_error& e) {  // names the file
    throw UsageError(std::string("detect: ") + e.what());
  } catch (const nlohmann::json::exception& e) {
    throw UsageError("detect: " + o.input + ": its settings attribute cannot be read (" + e.what() + ")");
  }
  formatting::DetectReport report{o.input, "hdf5", file.info.backend, {}};
  for (const auto& rank : file.ranks)
    for (const auto& c : rank.campaigns)
      report.curves.push_back(analyse_campaign(c, rank.device.l2_bytes, run.autoscale, o, detectors));
  return report;
}

void detect_command(const DetectOptions& o) {
  check_options(o);
  const auto detectors = chosen_detectors(o.detectors);
  try {  // before anything opens it: a FIFO would block, a device never end
    files::check_regular_file(o.input);
  } catch (const files::InputRefused& e) {
    throw UsageError(std::string("detect: ") + e.what());
  }
  const auto report = is_hdf5(o.input) ? detect_results(o, detectors) : detect_csv(o, detectors);
  if (o.format == "json")
    std::cout << formatting::detect_json(report).dump(2) << "\n";
  else
    std::cout << formatting::detect_table(report);
}

// `detect`'s options besides --input, in --help order; unset optional ones keep a results file's settings.
const std::vector<campaign::Option<DetectOptions>>& detect_options() {
  using D = DetectOptions;
  namespace L = campaign::limits;
  static const std::vector<campaign::Option<D>> table = {
      {"detector", "", "Detector to run; repeat or separate by commas (default: all; see `list`)", nullptr, {}, nullptr,
       {}, {}, true},
      {"x-col", "", "CSV column of the sizes (default: size, else problem_size, else the first)", nullptr,
       +[](D& o) -> auto& { return o.x_col; }},
      {"y-col", "", "CSV column of the metric (default: throughput, else throughput_*, else the first column that is "
       "not x)",
       nullptr, +[](D& o) -> auto& { return o.y_col; }},
      {"x-scale", "", "x-space of the detectors: log or linear (default: log; a results file: the run's)", nullptr,
       +[](D& o) -> auto& { return o.x_scale; }},
      {"online", "", "Kneedle online mode: keep scanning, the last knee counts (default; a results file: the run's)",
       nullptr, {}, nullptr, {}, {}, true},
      {"offline", "", "Kneedle offline mode: the first knee counts", nullptr, {}, nullptr, {}, {}, true},
      {"sensitivity", "", "Kneedle sensitivity S > 0 (default 1; a results file: the run's)", nullptr,
       +[](D& o) -> auto& { return o.sensitivity; }, &L::sensitivity},
      {"distance-threshold", "", "Minimum normalised chord distance of a knee, all but kneedle (default 0; a results "
       "file: the run's)",
       nullptr, +[](D& o) -> auto& { return o.distance_threshold; }, &L::distance_threshold},
      {"smoothing", "", "What the detectors run on: spline (a least-squares natural cubic spline of the curve), "
       "saturating (a fit t = t0 + work / B) or none (the points: kneedle equals Python kneed 0.9.0) (default: "
       "spline; a results file: the run's, none for files from before smoothing)",
       nullptr, +[](D& o) -> auto& { return o.smoothing; }},
      {"spline-knots", "", "Interior knots of the spline: a number, or auto (one per 0.6 decade of size, 3 to 8) "
       "(default auto; a results file: the run's)",
       nullptr, {}, &L::spline_knots, {}, {}, true},
      {"detector-param", "", "A detector's own parameter, NAME.KEY=VALUE (repeat, or separate by commas; `list` shows "
       "each detector's; a results file: the run's)",
       nullptr, {}, nullptr, {}, {}, true},
      {"whole-curve", "", "Results file: run the detectors on each whole curve instead of replaying the sweep that "
       "measured it",
       nullptr, +[](D& o) -> auto& { return o.whole_curve; }},
      {"format", "", "table (aligned columns) or json (structure documented in docs/autoscaling.md)", nullptr, {},
       nullptr, {}, {}, true},
  };
  return table;
}

// The options of detect_options() whose typed value is not a plain field, bound to `o`.
HandBindings detect_hand_bindings(DetectOptions& o) {
  return {
      {"detector", [&o](CLI::App& app, const std::string& help, const campaign::Limit*) {
         return app.add_option("--detector", o.detectors, help)->delimiter(',')->default_str("");
       }},
      {"online", [&o](CLI::App& app, const std::string& help, const campaign::Limit*) {
         return app.add_flag("--online", o.online, help);
       }},
      {"offline", [&o](CLI::App& app, const std::string& help, const campaign::Limit*) {
         return app.add_flag("--offline", o.offline, help)->excludes(app.get_option("--online"));
       }},
      {"spline-knots", [&o](CLI::App& app, const std::string& help, const campaign::Limit* limit) {
         return app.add_option("--spline-knots", o.spline_knots, help)
             ->transform(bounded_or(*limit, "auto", detect::kAutoKnots));
       }},
      {"detector-param", [&o](CLI::App& app, const std::string& help, const campaign::Limit*) {
         return add_detector_param_option(app, help, o.declared);
       }},
      {"format", [&o](CLI::App& app, const std::string& help, const campaign::Limit*) {
         return app.add_option("--format", o.format, help)->capture_default_str()->check(CLI::IsMember({"table", "json"}));
       }},
  };
}

}  // namespace

void add_detect_command(CLI::App& app) {
  auto o = std::make_shared<DetectOptions>();
  auto* cmd = app.add_subcommand("detect", "Run knee detectors on saved curves: a CSV file (header row, one row per "
                                           "size) or every campaign of a results file, without measuring");
  cmd->add_option("--input", o->input, "CSV file with a header row, or a results file (autobench.h5)")->required();
  add_options(*cmd, detect_options(), *o, "", detect_hand_bindings(*o));
  cmd->callback([o, cmd] {
    o->sensitivity_param = detector_param_typed(*cmd, "kneedle.sensitivity");  // --sensitivity's other name
    if (o->sensitivity_param && o->sensitivity)
      throw UsageError("detect: --sensitivity and --detector-param kneedle.sensitivity set the same value (allowed: "
                       "one of them)");
    if ((o->online || o->offline) && detector_param_typed(*cmd, "kneedle.online"))
      throw UsageError(std::string("detect: ") + (o->online ? "--online" : "--offline") +
                       " and --detector-param kneedle.online set the same value (allowed: one of them)");
    detect_command(*o);
  });
}

}  // namespace autobench::cli
