// Tables and JSON of `detect` (see detect_report.hpp).
#include "suite/formatting/detect_report.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <map>
#include <fmt/format.h>

#include "detect/detector_params.hpp"
#include "detect/spline_fit.hpp"
#include "record/json.hpp"
#include "suite/campaign/run_settings.hpp"
#include "suite/formatting/report_table.hpp"
#include "suite/formatting/text_table.hpp"
#include "suite/results/result_json.hpp"

namespace autobench::formatting {
namespace {

using Align = TextTable::Align;
using nlohmann::json;

// What the detectors ran on: "the points", "a spline (4 knots)" or "a saturating fit".
std::string smoothing_text(const detect::Params& p) {
  switch (p.smoothing) {
    case detect::Smoothing::none: return "the points";
    case detect::Smoothing::spline: return p.spline_knots == detect::kAutoKnots ? std::string("a spline (interior knots: one per 0.6 decade, 3 to 8)")
                                                   : "a spline (" + std::to_string(p.spline_knots) + " interior knots)";
    case detect::Smoothing::saturating: return "a saturating fit";
  }
  return "?";
}

std::string settings_text(const CurveAnalysis& c) {
  const auto& p = c.params;
  std::string out = std::string("x-scale ") + detect::kXScaleNames.name(p.x_scale) + ", kneedle " +
                    (detect::choice(p, "kneedle", "online") == "true" ? "online" : "offline") + " with sensitivity " + fmt::format("{}", p.sensitivity) +
                    ", distance threshold " + fmt::format("{}", p.distance_threshold) + ", on " +
                    smoothing_text(p) + "; ";
  for (const auto& [name_key, value] : p.declared) out += name_key + " " + fmt::format("{}", value) + "; ";
  for (const auto& [name_key, name] : p.chosen)
    if (name_key != "kneedle.online") out += name_key + " " + name + "; ";  // online: said above
  if (c.replayed && c.replayed->mode == detect::SafeguardMode::noise_aware)
    out += "sweep replayed (noise-aware safeguards: a knee counts from " + std::to_string(c.replayed->min_points) +
           " points on, once the latest point ran long enough for its jitter; thresholds from the noise)";
  else if (c.replayed)
    out += "sweep replayed (a knee counts from " + std::to_string(c.replayed->min_points) +
           " points on, once the latest point ran " + fmt::format("{}", c.replayed->min_runtime_s * 1e3) + " ms)";
  else
    out += "whole curve";
  return out;
}

json knee_json(const CurveAnalysis& c, const detect::Finding& f) {
  json all = json::array(), all_x = json::array();
  for (auto i : f.knee.all) {
    all.push_back(i);
    all_x.push_back(record::number_to_json(c.curve.x[i]));
  }
  json j = {{"detector", f.detector},
            {"regime", detect::kRegimeNames.name(f.regime)},
            {"note", f.note.empty() ? json(nullptr) : json(f.note)},
            {"knee_index", nullptr},
            {"knee_x", nullptr},
            {"knee_y", nullptr},
            {"all_knees", all},
            {"all_knees_x", all_x},
            {"score", nullptr},
            {"plateau_fraction", nullptr},
            {"plateau", nullptr},
            {"knee_position", nullptr},
            {"x_scale", detect::kXScaleNames.name(c.params.x_scale)},
            {"points_seen", f.points}};
  if (f.knee.index) {
    const auto i = *f.knee.index;
    j["knee_index"] = i;
    j["knee_x"] = record::number_to_json(c.curve.x[i]);
    j["knee_y"] = record::number_to_json(c.curve.y[i]);
    j["score"] = record::number_to_json(f.knee.score);
  }
  if (f.quality) {
    j["plateau_fraction"] = record::number_to_json(f.quality->fraction);
    j["plateau"] = record::number_to_json(f.quality->plateau);
    j["knee_position"] = record::number_to_json(f.quality->position);
  }
  return j;
}

json curve_json(const CurveAnalysis& c) {
  json settings = {{"x_scale", detect::kXScaleNames.name(c.params.x_scale)},
                   {"online", detect::choice(c.params, "kneedle", "online") == "true"},
                   {"sensitivity", record::number_to_json(c.params.sensitivity)},
                   {"distance_threshold", record::number_to_json(c.params.distance_threshold)},
                   {"smoothing", detect::kSmoothingNames.name(c.params.smoothing)},
                   {"spline_knots", campaign::spline_knots_to_json(c.params.spline_knots)},
                   {"detector_params", campaign::detector_params_to_json(c.params)},  // --detector-param NAME.KEY: value
                   {"replay", nullptr}};
  if (c.replayed)
    settings["replay"] = {
        {"safeguards", c.replayed->mode == detect::SafeguardMode::noise_aware ? "noise-aware" : "thesis"},
        {"min_points", c.replayed->min_points},
        {"min_runtime_s", record::number_to_json(c.replayed->min_runtime_s)}};
  json j = {{"campaign", nullptr},
            {"recorded_knee_index", nullptr},
            {"x", c.x_name},
            {"y", c.y_name},
            {"points", c.curve.size()},
            {"settings", settings},
            {"regimes", {{"hump", c.regimes.hump}, {"peak_size", nullptr}, {"fallout_size", nullptr}}},
            {"error", c.error.empty() ? json(nullptr) : json(c.error)},
            {"results", json::array()}};
  if (c.regimes.hump) {
    j["regimes"]["peak_size"] = record::number_to_json(c.curve.x[c.regimes.peak]);
    j["regimes"]["fallout_size"] = record::number_to_json(c.curve.x[c.regimes.fallout]);
  }
  if (c.campaign)
    j["campaign"] = {{"rank", c.campaign->rank},
                     {"kernel", c.campaign->kernel},
                     {"detector", c.campaign->detector},
                     {"repeat", c.campaign->repeat}};
  if (c.recorded_knee) j["recorded_knee_index"] = *c.recorded_knee;
  j["recorded_knee_interval"] = c.recorded_interval ? json::array({c.recorded_interval->first,
                                                                   c.recorded_interval->second})
                                                    : json(nullptr);
  for (const auto& f : c.findings) j["results"].push_back(knee_json(c, f));
  return j;
}

std::string knees_text(const detect::Knee& knee) {
  if (knee.all.empty()) return "-";
  std::string out;
  for (auto i : knee.all) out += (out.empty() ? "" : " ") + std::to_string(i);
  return out;
}

// The knee columns of one finding: regime, index, x, y, share of the plateau, position in x-space, all knees.
std::vector<std::string> knee_cells(const CurveAnalysis& c, const detect::Finding& f) {
  const std::string regime = detect::kRegimeNames.name(f.regime);
  if (!f.knee.index) return {regime, "-", "-", "-", "-", "-", f.note.empty() ? knees_text(f.knee) : f.note};
  const auto i = *f.knee.index;
  return {regime, std::to_string(i),
          fmt::format("{}", c.curve.x[i]),
          fmt::format("{:.4g}", c.curve.y[i]),
          f.quality ? fmt::format("{:.1f}%", 100.0 * f.quality->fraction) : "-",
          f.quality ? fmt::format("{:.3f}", f.quality->position) : "-",
          knees_text(f.knee)};
}

std::vector<TextTable::Column> knee_columns(const std::string& x, const std::string& y) {
  return {{"regime"}, {"knee", Align::right}, {x, Align::right}, {y, Align::right}, {"of plateau", Align::right},
          {"position", Align::right}, {"all knees"}};
}

std::string csv_table(const DetectReport& report) {
  const CurveAnalysis& c = report.curves.front();
  std::string out = "detect: " + report.input + " (x: " + c.x_name + ", y: " + c.y_name + ", " +
                    std::to_string(c.curve.size()) + " points)\n";
  out += "settings: " + settings_text(c) + "\n";
  auto columns = knee_columns(c.x_name, c.y_name);
  columns.insert(columns.begin(), TextTable::Column{"detector"});
  TextTable table(columns);
  for (const auto& f : c.findings) {
    auto cells = knee_cells(c, f);
    cells.insert(cells.begin(), f.detector);
    table.add_row(cells);
  }
  return out + table.str();
}

std::string hdf5_table(const DetectReport& report) {
  std::string out = "detect: " + report.input + " (results file, " + std::to_string(report.curves.size()) +
                    " campaigns; backend: " + backend_label(report.backend) + ")\n";
  std::map<std::string, std::string> kernels_by_settings;  // settings -> the kernels using them
  for (const auto& c : report.curves) {
    auto& kernels = kernels_by_settings[settings_text(c)];
    if (kernels.find(c.campaign->kernel) == std::string::npos)
      kernels += (kernels.empty() ? "" : ", ") + c.campaign->kernel;
  }
  for (const auto& [settings, kernels] : kernels_by_settings)
    out += (kernels_by_settings.size() == 1 ? "settings: " : "settings (" + kernels + "): ") + settings + "\n";

  auto columns = knee_columns("size", "throughput");
  const std::vector<TextTable::Column> id = {{"rank", Align::right}, {"kernel"}, {"campaign"}, {"repeat", Align::right},
                                             {"points", Align::right}, {"detector"}};
  columns.insert(columns.begin(), id.begin(), id.end());
  columns.push_back({"run's knee", Align::right});
  columns.push_back({"run's 95% sizes", Align::right});
  TextTable table(columns);
  std::string errors;
  for (const auto& c : report.curves) {
    const auto& cid = *c.campaign;
    const std::vector<std::string> ids = {std::to_string(cid.rank), cid.kernel, cid.detector,
                                          std::to_string(cid.repeat), std::to_string(c.curve.size())};
    if (!c.error.empty())
      errors += "  rank " + std::to_string(cid.rank) + " " + cid.kernel + "/" + cid.detector + " repeat " +
                std::to_string(cid.repeat) + ": " + c.error + "\n";
    for (const auto& f : c.findings) {
      auto cells = ids;
      cells.push_back(f.detector);
      const auto knee = knee_cells(c, f);
      cells.insert(cells.end(), knee.begin(), knee.end());
      const bool own = f.detector == cid.detector;
      cells.push_back(!own ? "" : c.recorded_knee ? std::to_string(*c.recorded_knee) : "-");
      cells.push_back(!own ? "" : c.recorded_interval ? fmt::format("{:.0f}", c.recorded_interval->first) + "-" +
                                                            fmt::format("{:.0f}", c.recorded_interval->second)
                                                      : "-");
      table.add_row(cells);
    }
  }
  out += table.str();
  out += "(campaign: the detector the run used; run's knee: the index it recorded, on that detector's row, "
         "and its 95% bootstrap interval in size)\n";
  if (!errors.empty()) out += "Not analysed:\n" + errors;
  return out;
}

}  // namespace

json detect_json(const DetectReport& report) {
  json j = {{"input", report.input},
            {"kind", report.kind},
            {"backend", report.backend.empty() ? json(nullptr) : json(report.backend)},
            {"curves", json::array()}};
  for (const auto& c : report.curves) j["curves"].push_back(curve_json(c));
  return j;
}

std::string detect_table(const DetectReport& report) {
  return report.kind == "csv" ? csv_table(report) : hdf5_table(report);
}

}  // namespace autobench::formatting
