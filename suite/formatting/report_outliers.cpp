// The report's outlier GPUs (see report_outliers.hpp).
#include "suite/formatting/report_outliers.hpp"

#include "record/json.hpp"
#include "suite/formatting/number_text.hpp"
#include "suite/results/text_list.hpp"
#include "suite/stats/outlier_ranks.hpp"

namespace autobench::formatting {
namespace {

using Align = TextTable::Align;

std::string signed_percent(double fraction) { return number_or(100 * fraction, "{:+.1f}%", "-"); }

}  // namespace

TextSection outliers_section(const results::ResultFile& file) {
  const stats::OutlierRule rule;
  const auto scan = stats::find_outlier_ranks(file.ranks, rule);
  if (scan.models.empty())
    return {.title = "Outlier GPUs: none compared (no device model has " + std::to_string(rule.min_ranks) +
                     " or more ranks)"};
  if (scan.flags.empty()) return {.title = "Outlier GPUs: none among " + results::joined(scan.models)};
  TextTable table({{"rank", Align::right},
                   {"host"},
                   {"pci_bus"},
                   {"uuid"},
                   {"model"},
                   {"kernel"},
                   {"detector"},
                   {"metric"},
                   {"value", Align::right},
                   {"median", Align::right},
                   {"deviation", Align::right},
                   {"limit", Align::right}});
  for (const auto& f : scan.flags) {
    table.add_row({std::to_string(f.rank), f.hostname, f.pci_bus_id.empty() ? "-" : f.pci_bus_id,
                   f.uuid.empty() ? "-" : f.uuid, f.model, f.kernel, f.detector, f.metric,
                   number_or(f.value, "{:.4g}", "-"), number_or(f.median, "{:.4g}", "-"), signed_percent(f.deviation),
                   number_or(100 * f.limit, "{:.1f}%", "-")});
  }
  return {.title = "Outlier GPUs among " + results::joined(scan.models) + " (median over repeats per rank; flagged beyond "
                   "the model's median +- " + number_or(rule.k, "{:g}", "-") + " x " + number_or(stats::kMadScale, "{:g}", "-") + " x MAD and at least " +
                   number_or(100 * rule.min_plateau, "{:g}%", "-") + " plateau, " +
                   number_or(100 * rule.min_knee, "{:g}%", "-") + " knee, " +
                   number_or(100 * rule.min_power, "{:g}%", "-") + " power)",
          .table = std::move(table)};
}

nlohmann::json outliers_json(const results::ResultFile& file) {
  const stats::OutlierRule rule;
  const auto scan = stats::find_outlier_ranks(file.ranks, rule);
  nlohmann::json flags = nlohmann::json::array();
  for (const auto& f : scan.flags) {
    flags.push_back({{"rank", f.rank},
                     {"hostname", f.hostname},
                     {"pci_bus_id", f.pci_bus_id},
                     {"uuid", f.uuid},
                     {"model", f.model},
                     {"kernel", f.kernel},
                     {"detector", f.detector},
                     {"metric", f.metric},
                     {"value", record::number_to_json(f.value)},
                     {"median", record::number_to_json(f.median)},
                     {"deviation", record::number_to_json(f.deviation)},
                     {"limit", record::number_to_json(f.limit)},
                     {"ranks", f.ranks}});
  }
  return {{"rule",
           {{"k", rule.k},
            {"mad_scale", stats::kMadScale},
            {"min_ranks", rule.min_ranks},
            {"min_plateau", rule.min_plateau},
            {"min_knee", rule.min_knee},
            {"min_power", rule.min_power}}},
          {"models", scan.models},
          {"flags", flags}};
}

}  // namespace autobench::formatting
