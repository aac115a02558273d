// GPU health for people and programs (see report_health.hpp).
#include "suite/formatting/report_health.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>

#include "record/json.hpp"
#include "suite/formatting/number_text.hpp"

namespace autobench::formatting {
namespace {

using Align = TextTable::Align;
using stats::Health;

std::string or_dash(const std::string& s) { return s.empty() ? "-" : s; }

std::string verdict_name(const stats::GpuVerdict& v) { return stats::kHealthNames.name(v.verdict); }

// "1 throttling, 3 healthy", worst first.
std::string tally(const std::vector<stats::GpuVerdict>& verdicts) {
  std::map<Health, std::size_t, std::greater<>> counts;
  for (const auto& v : verdicts) ++counts[v.verdict];
  std::string out;
  for (const auto& [verdict, n] : counts) out += (out.empty() ? "" : ", ") + std::to_string(n) + " " + stats::kHealthNames.name(verdict);
  return out;
}

// The references the deficits were taken against, once each.
std::string references(const std::vector<stats::GpuVerdict>& verdicts) {
  std::vector<std::string> seen;
  for (const auto& v : verdicts)
    if (!v.reference.empty() && std::find(seen.begin(), seen.end(), v.reference) == seen.end()) seen.push_back(v.reference);
  std::string out;
  for (const auto& s : seen) out += (out.empty() ? "" : "; ") + s;
  return out;
}

std::string fitted(std::string text, std::size_t width) {
  if (text.size() <= width) return text;
  return width < 3 ? text.substr(0, width) : text.substr(0, width - 3) + "...";
}

std::string percent_change(double deficit) { return number_or(-100 * deficit, "{:+.1f}%", "-"); }

nlohmann::json or_null(const std::string& s) { return s.empty() ? nlohmann::json(nullptr) : nlohmann::json(s); }

}  // namespace

std::string gate_failure(const std::vector<stats::GpuVerdict>& verdicts, Health worst) {
  std::vector<int> named;
  if (!stats::any_at_least(verdicts, worst, &named)) return "";
  std::string which;
  for (const auto& v : verdicts)
    if (v.verdict >= worst)
      which += (which.empty() ? "" : ", ") + ("rank " + std::to_string(v.rank)) + " (" + or_dash(v.host) + ", " +
               or_dash(v.pci_bus) + ") " + verdict_name(v);
  return "--fail-on " + std::string(stats::kHealthNames.name(worst)) + ": " + rank_ranges(named) + " of " +
         std::to_string(verdicts.size()) + " GPUs " + (named.size() == 1 ? "is " : "are ") +
         stats::kHealthNames.name(worst) + " or worse: " + which;
}

std::string rank_ranges(std::vector<int> ranks) {
  std::sort(ranks.begin(), ranks.end());
  std::string out;
  for (std::size_t i = 0; i < ranks.size();) {
    std::size_t j = i;
    while (j + 1 < ranks.size() && ranks[j + 1] == ranks[j] + 1) ++j;
    out += (out.empty() ? "" : ", ") + std::to_string(ranks[i]) + (j > i ? "-" + std::to_string(ranks[j]) : "");
    i = j + 1;
  }
  return (ranks.size() == 1 ? "rank " : "ranks ") + out;
}

TextSection health_section(const std::vector<stats::GpuVerdict>& verdicts) {
  if (verdicts.empty()) return {.title = "GPU health: no GPU"};
  const bool summarize = verdicts.size() >= kHealthSummaryFrom;
  std::vector<const stats::GpuVerdict*> rows;
  std::vector<int> healthy;
  for (const auto& v : verdicts) {
    if (summarize && v.verdict == Health::healthy)
      healthy.push_back(v.rank);
    else
      rows.push_back(&v);
  }
  std::size_t fixed = 4 * 2;  // the gaps between five columns
  for (const auto& [header, of] : std::vector<std::pair<std::string, std::string (*)(const stats::GpuVerdict&)>>{
           {"rank", [](const stats::GpuVerdict& v) { return std::to_string(v.rank); }},
           {"host", [](const stats::GpuVerdict& v) { return or_dash(v.host); }},
           {"pci_bus", [](const stats::GpuVerdict& v) { return or_dash(v.pci_bus); }},
           {"verdict", verdict_name}}) {
    std::size_t w = header.size();
    for (const auto* v : rows) w = std::max(w, of(*v).size());
    fixed += w;
  }
  const std::size_t why_width = fixed + 3 < kHealthWidth ? kHealthWidth - fixed : 3;
  TextTable table({{"rank", Align::right}, {"host"}, {"pci_bus"}, {"verdict"}, {"why"}});
  for (const auto* v : rows)
    table.add_row({std::to_string(v->rank), or_dash(v->host), or_dash(v->pci_bus), verdict_name(*v), fitted(v->summary, why_width)});
  const std::string refs = references(verdicts);
  TextSection section{.title = fitted("GPU health: " + tally(verdicts) + (refs.empty() ? "" : " (against: " + refs + ")"),
                                      kHealthWidth)};
  if (!rows.empty()) section.table = std::move(table);
  if (!healthy.empty()) {
    section.list_title = "Healthy:";
    section.list.push_back(fitted(std::to_string(healthy.size()) + " GPUs, " + rank_ranges(healthy), kHealthWidth - 2));
  }
  return section;
}

std::optional<TextSection> health_kernels_section(const std::vector<stats::GpuVerdict>& verdicts) {
  TextTable table({{"rank", Align::right},
                   {"verdict"},
                   {"kernel"},
                   {"plateau", Align::right},
                   {"reference", Align::right},
                   {"unit"},
                   {"change", Align::right},
                   {"95% interval", Align::right},
                   {"sweeps", Align::right}});
  std::size_t count = 0;
  for (const auto& v : verdicts) {
    if (v.verdict == Health::healthy || v.verdict == Health::unknown) continue;
    for (const auto& d : v.deficits) {
      ++count;
      table.add_row({std::to_string(v.rank), verdict_name(v), d.kernel + (d.short_of ? " *" : ""),
                     number_or(d.plateau, "{:.4g}", "-"), number_or(d.reference, "{:.4g}", "-"), d.unit,
                     percent_change(d.deficit),
                     std::isfinite(d.low) ? percent_change(d.high) + " to " + percent_change(d.low) : "-",
                     std::to_string(d.sweeps)});
    }
  }
  if (count == 0) return std::nullopt;
  return TextSection{.title = "GPU health per kernel of the GPUs not healthy (plateau: median over sweeps; change: mean "
                              "over sweeps against the reference; *: short)",
                     .table = std::move(table)};
}

nlohmann::json gpu_health_json(const std::vector<stats::GpuVerdict>& verdicts) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& v : verdicts) {
    nlohmann::json deficits = nlohmann::json::array();
    for (const auto& d : v.deficits)
      deficits.push_back({{"kernel", d.kernel},
                          {"deficit", record::number_to_json(d.deficit)},
                          {"low", record::number_to_json(d.low)},
                          {"high", record::number_to_json(d.high)},
                          {"sweeps", d.sweeps},
                          {"plateau", record::number_to_json(d.plateau)},
                          {"reference_plateau", record::number_to_json(d.reference)},
                          {"unit", d.unit},
                          {"short", d.short_of}});
    out.push_back({{"rank", v.rank},
                   {"host", or_null(v.host)},
                   {"pci_bus", or_null(v.pci_bus)},
                   {"uuid", or_null(v.uuid)},
                   {"serial", or_null(v.serial)},
                   {"model", v.model},
                   {"verdict", verdict_name(v)},
                   {"summary", v.summary},
                   {"evidence",
                    {{"reference", or_null(v.reference)},
                     {"deficits", deficits},
                     {"points", v.points},
                     {"throttled_points", v.throttled_points},
                     {"throttled_share", record::number_to_json(v.throttled_share)},
                     {"throttle_reasons", v.throttle_reasons},
                     {"temperature_c",
                      {{"median", record::number_to_json(v.temperature_median_c)},
                       {"max", record::number_to_json(v.temperature_max_c)}}},
                     {"sm_clock_mhz",
                      {{"median", record::number_to_json(v.sm_clock_median_mhz)},
                       {"min", record::number_to_json(v.sm_clock_min_mhz)}}},
                     {"errors", v.errors}}}});
  }
  return out;
}

nlohmann::json outliers_json(const std::vector<stats::GpuVerdict>& verdicts) {
  std::map<std::string, std::size_t> models;
  for (const auto& v : verdicts) ++models[v.model];
  nlohmann::json labels = nlohmann::json::array(), flags = nlohmann::json::array();
  for (const auto& [model, n] : models) labels.push_back(model + " (" + std::to_string(n) + (n == 1 ? " rank)" : " ranks)"));
  for (const auto& v : verdicts)
    for (const auto& d : v.deficits)
      if (d.short_of)
        flags.push_back({{"rank", v.rank}, {"hostname", v.host}, {"pci_bus_id", v.pci_bus}, {"uuid", v.uuid},
                         {"model", v.model}, {"kernel", d.kernel}, {"detector", ""}, {"metric", "plateau"},
                         {"value", record::number_to_json(d.plateau)}, {"median", record::number_to_json(d.reference)},
                         {"deviation", record::number_to_json(-d.deficit)}, {"limit", stats::HealthRule{}.min_deficit},
                         {"ranks", models[v.model]}});
  return {{"models", labels}, {"flags", flags}};
}

std::vector<std::string> health_lines(const std::vector<stats::GpuVerdict>& verdicts) {
  std::vector<std::string> out;
  for (const auto& v : verdicts) {
    if (v.verdict < Health::slow) continue;
    out.push_back("GPU health: rank " + std::to_string(v.rank) + " (" + or_dash(v.host) + ", " + or_dash(v.pci_bus) +
                  ") " + verdict_name(v) + ": " + v.summary);
  }
  return out;
}

}  // namespace autobench::formatting
