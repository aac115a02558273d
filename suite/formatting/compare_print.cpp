// Printing a device-model comparison (see compare_print.hpp).
#include "suite/formatting/compare_print.hpp"

#include <cmath>

#include "record/json.hpp"
#include "suite/stats/compare_figures.hpp"
#include "suite/formatting/report_table.hpp"
#include "suite/formatting/number_text.hpp"
#include "suite/formatting/text_table.hpp"
#include "suite/results/result_json.hpp"
#include "suite/results/text_list.hpp"

namespace autobench::formatting {
namespace {

using Align = TextTable::Align;

// The files, then what the tables below show, once (the tables' titles stay short: 120 columns).
std::string files_section(const stats::Comparison& c) {
  TextTable table({{"#", Align::right}, {"file"}, {"start_time"}, {"backend"}, {"git_commit"}, {"hostnames"}});
  std::string sim;
  for (std::size_t i = 0; i < c.files.size(); ++i) {
    const auto& f = c.files[i];
    table.add_row({std::to_string(i + 1), f.path, f.start_time, f.backend, f.git_commit, results::joined(f.hostnames)});
    if (f.backend == "sim") sim = "backend " + backend_label(f.backend) + "\n";
  }
  return "Files\n" + table.str() + sim +
         "\nPer kernel and detector: medians over campaigns (consensus: over the sweeps' consensus knees), knee_size\n"
         "over the knees found; peak: throughput; work/J: energy efficiency; ratio: to the baseline model; range:\n"
         "smallest-largest ratio over pairs.\n";
}

// The three cells of one figure: the median, the ratio to the baseline, and the ratio's range.
void add_cells(std::vector<std::string>& row, const stats::ModelFigure& f, fmt::format_string<double> median_spec) {
  row.push_back(number_or(f.median, median_spec, "n/a"));
  row.push_back(number_or(f.ratio, "{:.3f}", "n/a"));
  row.push_back(std::isnan(f.ratio_min) ? "n/a"
                                         : number_or(f.ratio_min, "{:.2f}", "n/a") + "-" +
                                               number_or(f.ratio_max, "{:.2f}", "n/a"));
}

std::string kernel_section(const stats::KernelComparison& k) {
  const std::string eff = stats::efficiency_unit(k.metric_unit);
  TextTable table({{"model"},
                   {"knees", Align::right},
                   {"files", Align::right},
                   {"knee_size", Align::right},
                   {"ratio", Align::right},
                   {"range", Align::right},
                   {"peak", Align::right},
                   {"ratio", Align::right},
                   {"range", Align::right},
                   {"work/J", Align::right},
                   {"ratio", Align::right},
                   {"range", Align::right}});
  for (const auto& m : k.models) {
    std::vector<std::string> row{m.model, std::to_string(m.knees_found) + "/" + std::to_string(m.campaigns),
                                 std::to_string(m.files)};
    add_cells(row, m.knee_size, "{:.0f}");
    add_cells(row, m.peak_throughput, "{:.2f}");
    add_cells(row, m.energy_efficiency, "{:.4g}");
    table.add_row(std::move(row));
  }
  const std::string baseline = k.baseline.empty() ? "no baseline model here" : "ratios to " + k.baseline;
  return k.kernel + " / " + k.detector + " (peak in " + k.metric_unit + ", work/J in " + eff + "; " + baseline + ")\n" +
         table.str();
}

nlohmann::json figure_json(const stats::ModelFigure& f) {
  return {{"median", record::number_to_json(f.median)},
          {"ratio", record::number_to_json(f.ratio)},
          {"ratio_min", record::number_to_json(f.ratio_min)},
          {"ratio_max", record::number_to_json(f.ratio_max)}};
}

}  // namespace

std::string comparison_table(const stats::Comparison& c) {
  std::string out = files_section(c);
  if (c.kernels.empty()) return out + "\nNo finished campaigns to compare.\n";
  for (const auto& k : c.kernels) out += "\n" + kernel_section(k);
  return out;
}

nlohmann::json comparison_json(const stats::Comparison& c) {
  nlohmann::json j = {{"files", nlohmann::json::array()}, {"comparisons", nlohmann::json::array()}};
  for (const auto& f : c.files) {
    j["files"].push_back({{"path", f.path},
                          {"start_time", f.start_time},
                          {"backend", f.backend},
                          {"git_commit", f.git_commit},
                          {"hostnames", f.hostnames}});
  }
  for (const auto& k : c.kernels) {
    nlohmann::json models = nlohmann::json::array();
    for (const auto& m : k.models) {
      models.push_back({{"model", m.model},
                        {"campaigns", m.campaigns},
                        {"knees_found", m.knees_found},
                        {"files", m.files},
                        {"knee_size", figure_json(m.knee_size)},
                        {"peak_throughput", figure_json(m.peak_throughput)},
                        {"energy_efficiency", figure_json(m.energy_efficiency)}});
    }
    j["comparisons"].push_back({{"kernel", k.kernel},
                                {"detector", k.detector},
                                {"metric_unit", k.metric_unit},
                                {"efficiency_unit", stats::efficiency_unit(k.metric_unit)},
                                {"baseline", k.baseline},
                                {"models", models}});
  }
  return j;
}

}  // namespace autobench::formatting
