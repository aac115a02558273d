// Printing A/B verdicts (see ab_verdict_print.hpp).
#include "suite/formatting/ab_verdict_print.hpp"

#include <cmath>

#include "record/json.hpp"
#include "suite/formatting/number_text.hpp"
#include "suite/formatting/text_table.hpp"

namespace autobench::formatting {
namespace {

using Align = TextTable::Align;

// What a side's units are: its sweeps (one GPU) or its GPUs.
std::string units_of(const stats::RegionSide& s) {
  return std::to_string(s.sweeps) + (s.gpus > 1 ? " in " + std::to_string(s.gpus) + " GPUs" : "");
}

// What more would settle an AMBIGUOUS row, or an UNREPLICATED one.
std::string settle_text(const stats::RegionVerdict& r) {
  const auto& v = r.verdict;
  if (v.verdict == stats::Verdict::unreplicated) return "2 or more repeats a side give an interval";
  if (v.verdict != stats::Verdict::ambiguous) return "";
  const std::string what = r.a.gpus > 1 && r.b.gpus > 1 ? "GPUs" : r.a.gpus > 1 || r.b.gpus > 1 ? "repeats or GPUs" : "repeats";
  if (v.more_units < 0) return "at the threshold: more " + what + " will not settle it";
  const std::string one = what == "GPUs" ? "GPU" : what == "repeats" ? "repeat" : "repeat or GPU";
  return "about " + std::to_string(v.more_units) + " more " + (v.more_units == 1 ? one : what) + " a side";
}

std::string verdict_text(const stats::RatioVerdict& v) {
  return std::string(stats::to_string(v.verdict)) + (v.likely ? std::string(", likely ") + stats::to_string(*v.likely) : "");
}

std::string interval_text(const stats::RegionVerdict& r) {
  const auto& v = r.verdict;
  if (v.verdict != stats::Verdict::unreplicated)
    return "[" + number_or(v.low, "{:.4f}", "-") + ", " + number_or(v.high, "{:.4f}", "-") + "]";
  if (std::isnan(r.launches.low)) return "no launch times";
  return "[" + number_or(r.launches.low, "{:.4f}", "-") + ", " + number_or(r.launches.high, "{:.4f}", "-") +
         "] launch noise only";
}

nlohmann::json count_or_null(bool present, std::int64_t n) { return present ? nlohmann::json(n) : nlohmann::json(); }

}  // namespace

std::string ab_table(const stats::AbComparison& c) {
  const std::string missed = c.keep_unconverged ? "missed target a/b (kept)" : "missed target a/b (left out)";
  TextTable table({{"kernel"},
                   {"region"},
                   {"sizes"},
                   {"sweeps a/b", Align::right},
                   {missed, Align::right},
                   {"time b/a", Align::right},
                   {"interval", Align::right},
                   {"verdict"},
                   {"to settle"}});
  for (const auto& r : c.rows) {
    const auto& v = r.verdict;
    if (r.sizes == 0) {
      table.add_row({r.kernel, stats::to_string(r.region), "none on both sides", "-", "-", "-", "-", "-", ""});
      continue;
    }
    table.add_row({r.kernel, stats::to_string(r.region),
                   std::to_string(r.sizes) + " (" + std::to_string(r.size_low) + ".." + std::to_string(r.size_high) + ")",
                   units_of(r.a) + "/" + units_of(r.b), std::to_string(r.a.unconverged) + "/" + std::to_string(r.b.unconverged),
                   number_or(v.ratio, "{:.4f}", "-"), interval_text(r), verdict_text(v), settle_text(r)});
  }
  std::string out =
      "A/B verdicts (b relative to a; FASTER: b takes less time)\n  a: " + c.a + "\n  b: " + c.b +
      "\n  time b/a: per sweep, the mean over the region's sizes of log mean launch time; " +
      number_or(100 * c.level, "{:.0f}", "-") +
      "% Welch t-interval over the sweeps (over the GPUs' means when a side holds several GPUs); SAME: interval within +-" +
      number_or(100 * c.threshold, "{:g}", "-") + "%; UNREPLICATED: a side with 1 sweep (no interval; likely SLOWER/FASTER beyond +-" +
      number_or(100 * c.likely_margin, "{:g}", "-") + "%); points that missed the noise target " +
      (c.keep_unconverged ? "kept" : "left out") + "; regions cut at a's median knee size (x/" +
      number_or(stats::kKneeBand, "{:g}", "-") + " .. x" + number_or(stats::kKneeBand, "{:g}", "-") + ")\n" + table.str();
  if (!c.unmatched_kernels.empty()) {
    out += "Not compared (no points on both sides):";
    for (const auto& k : c.unmatched_kernels) out += " " + k;
    out += "\n";
  }
  return out;
}

nlohmann::json ab_json(const stats::AbComparison& c) {
  nlohmann::json rows = nlohmann::json::array();
  for (const auto& r : c.rows) {
    const auto& v = r.verdict;
    const bool judged = r.sizes > 0;
    const bool unreplicated = judged && v.verdict == stats::Verdict::unreplicated;
    rows.push_back({{"kernel", r.kernel},
                    {"region", stats::to_string(r.region)},
                    {"knee_size", r.knee_size},
                    {"size_low", r.size_low},
                    {"size_high", r.size_high},
                    {"sizes", r.sizes},
                    {"sweeps_a", r.a.sweeps},
                    {"sweeps_b", r.b.sweeps},
                    {"gpus_a", r.a.gpus},
                    {"gpus_b", r.b.gpus},
                    {"units_a", v.units_a},
                    {"units_b", v.units_b},
                    {"unconverged_a", r.a.unconverged},
                    {"unconverged_b", r.b.unconverged},
                    {"verdict", judged ? nlohmann::json(stats::to_string(v.verdict)) : nlohmann::json()},
                    {"likely", v.likely ? nlohmann::json(stats::to_string(*v.likely)) : nlohmann::json()},
                    {"ratio", record::number_to_json(v.ratio)},
                    {"ratio_low", record::number_to_json(v.low)},
                    {"ratio_high", record::number_to_json(v.high)},
                    {"df", record::number_to_json(v.df)},
                    {"more_repeats", count_or_null(judged && v.verdict == stats::Verdict::ambiguous, v.more_units)},
                    {"launch_ratio", record::number_to_json(unreplicated ? r.launches.ratio : results::kNaN)},
                    {"launch_ratio_low", record::number_to_json(unreplicated ? r.launches.low : results::kNaN)},
                    {"launch_ratio_high", record::number_to_json(unreplicated ? r.launches.high : results::kNaN)},
                    {"launches_a", count_or_null(unreplicated, std::int64_t(r.launches.launches_a))},
                    {"launches_b", count_or_null(unreplicated, std::int64_t(r.launches.launches_b))}});
  }
  return {{"a", c.a},
          {"b", c.b},
          {"a_model", c.a_model},
          {"b_model", c.b_model},
          {"threshold", c.threshold},
          {"level", c.level},
          {"likely_margin", c.likely_margin},
          {"unconverged", c.keep_unconverged ? "kept" : "left out"},
          {"unmatched_kernels", c.unmatched_kernels},
          {"rows", rows}};
}

}  // namespace autobench::formatting
