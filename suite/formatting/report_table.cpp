// The report's table forms (see report_table.hpp).
#include "suite/formatting/report_table.hpp"

#include <cmath>
#include <map>
#include <set>
#include <utility>

#include "suite/formatting/number_text.hpp"
#include "suite/formatting/rank_failures.hpp"
#include "suite/formatting/report_answer.hpp"
#include "suite/formatting/report_campaigns.hpp"
#include "suite/formatting/report_flagged_points.hpp"
#include "suite/formatting/report_health.hpp"
#include "suite/results/text_list.hpp"
#include "suite/stats/detector_agreement.hpp"
#include "suite/text/echo.hpp"

namespace autobench::formatting {
namespace {

using Align = TextTable::Align;

// Fixed-point with `decimals` digits; "-" for a missing (NaN) value.
std::string number(double v, int decimals) { return fixed_or(v, decimals, "-"); }

std::string cell_text(const CampaignCell& cell) {
  if (const auto* text = std::get_if<std::string>(&cell)) return *text;
  const auto& m = std::get<Measure>(cell);
  if (!m.percent) return number(m.value, m.decimals);
  return std::isnan(m.value) ? "-" : number(100 * m.value, m.decimals) + "%";
}

std::vector<std::string> header_lines(const results::ResultFile& file) {
  const auto& info = file.info;
  const auto safe = [](const std::string& value) { return text::printable(value); };  // a newline cannot forge a line
  std::vector<std::string> lines{"backend: " + safe(backend_label(info.backend)),
                                 "run: autobench-mpi " + safe(info.version) + " (git " + safe(info.git_commit) +
                                     "), suite " + safe(info.suite) + ", " + std::to_string(info.ranks) +
                                     (info.ranks == 1 ? " rank, " : " ranks, ") + safe(info.start_time) + " to " +
                                     safe(info.end_time)};
  if (!info.complete) lines.push_back("status: incomplete (the run did not finish; results may be missing)");
  for (auto& line : rank_failures(file.ranks)) lines.push_back(std::move(line));
  return lines;
}

// One row per rank that started: where it ran and which device it drove (the UUID tells devices apart;
// the power column is the sensor, "unavailable" without NVML, the reason being in the JSON report).
// Without details: rank, host, device, memory and power sensor only (the rest is wide: UUIDs).
TextSection devices_section(const results::ResultFile& file, bool details) {
  std::vector<TextTable::Column> columns{{"rank", Align::right},
                                         {"host"},
                                         {"device"},
                                         {"uuid"},
                                         {"pci_bus"},
                                         {"cc"},
                                         {"SMs", Align::right},
                                         {"memory_GiB", Align::right},
                                         {"driver"},
                                         {"power"}};
  const std::vector<std::size_t> shown =
      details ? std::vector<std::size_t>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9} : std::vector<std::size_t>{0, 1, 2, 7, 9};
  std::vector<TextTable::Column> kept;
  for (std::size_t i : shown) kept.push_back(columns[i]);
  TextTable table(std::move(kept));
  std::size_t count = 0;
  for (const auto& rank : file.ranks) {
    if (!rank.start_error.empty()) continue;
    const auto& d = rank.device;
    ++count;
    const std::vector<std::string> cells{
        std::to_string(rank.rank), d.hostname, d.name, d.uuid.empty() ? "-" : d.uuid,
        d.pci_bus_id.empty() ? "-" : d.pci_bus_id, std::to_string(d.cc_major) + "." + std::to_string(d.cc_minor),
        std::to_string(d.sm_count), number(static_cast<double>(d.memory_total_bytes) / (1024.0 * 1024.0 * 1024.0), 1),
        d.driver_version.empty() ? "-" : d.driver_version,
        d.power_sensor.empty() ? "-" : d.power_sensor.substr(0, d.power_sensor.find(':'))};
    std::vector<std::string> row;
    for (std::size_t i : shown) row.push_back(cells[i]);
    table.add_row(std::move(row));
  }
  if (count == 0) return {.title = "Devices: none"};
  return {.title = "Devices (" + std::to_string(count) + ")", .table = std::move(table)};
}

TextSection campaigns_section(const results::ResultFile& file) {
  TextTable table(campaign_columns());
  std::vector<std::string> errors;
  std::size_t count = 0;
  for (const auto& rank : file.ranks) {
    for (const auto& c : rank.campaigns) {
      ++count;
      std::vector<std::string> row;
      for (const auto& cell : campaign_cells(rank, c)) row.push_back(cell_text(cell));
      table.add_row(std::move(row));
      if (!c.error.empty()) {
        errors.push_back("rank " + std::to_string(c.rank) + " " + c.kernel + "/" + c.detector + " repeat " +
                         std::to_string(c.repeat) + ": " + c.error);
      }
    }
  }
  if (count == 0) return {.title = "Campaigns: none"};
  return {"Campaigns (" + std::to_string(count) +
              "; index/size/throughput/power/work per joule at the knee, or at the last point when no knee "
              "was found)",
          std::move(table), "Errors:", std::move(errors)};
}

// Per kernel, the ranks a detector's model row rests on none of the campaigns of, because none found a knee:
// "gemm: rank 3 left out of the model rows of every detector (no knee found in its campaigns)".
std::vector<std::string> stability_left_out(const std::vector<results::StabilityRow>& rows) {
  std::map<std::string, std::set<std::string>> detectors;                  // kernel -> detectors
  std::map<std::pair<std::string, std::string>, std::vector<std::string>> missing;  // (kernel, rank) -> detectors
  for (const auto& r : rows) {
    detectors[r.kernel].insert(r.detector);
    if (r.scope == "device" && r.campaigns > 0 && r.knees_found == 0) missing[{r.kernel, r.group}].push_back(r.detector);
  }
  std::vector<std::string> out;
  for (const auto& [key, which] : missing)
    out.push_back(key.first + ": " + key.second + " left out of the model rows of " +
                  (which.size() == detectors[key.first].size() ? std::string("every detector") : results::joined(which)) +
                  " (no knee found in its campaigns; see GPU health)");
  return out;
}

TextSection stability_section(const results::ResultFile& file) {
  if (file.stability.empty()) return {.title = "Knee stability: none"};
  TextTable table({{"kernel"},
                   {"detector"},
                   {"scope"},
                   {"group"},
                   {"knees", Align::right},
                   {"index_mode", Align::right},
                   {"index_mean", Align::right},
                   {"index_sd", Align::right},
                   {"size_median", Align::right},
                   {"size_iqr", Align::right},
                   {"within1", Align::right},
                   {"throughput_cv", Align::right},
                   {"size_cv", Align::right},
                   {"overlap95", Align::right}});
  for (const auto& r : file.stability) {
    table.add_row({r.kernel, r.detector, r.scope, r.group,
                   std::to_string(r.knees_found) + "/" + std::to_string(r.campaigns),
                   r.knees_found ? std::to_string(r.knee_index_mode) : "-", number(r.knee_index_mean, 2), number(r.knee_index_stddev, 2),
                   number(r.knee_size_median, 0), number(r.knee_size_iqr, 0), number(r.within1_fraction, 2),
                   number(r.throughput_cv, 3), number(r.knee_size_cv, 3), std::to_string(r.intervals_overlapping)});
  }
  auto lines = knees_not_found(results::complete_campaigns(file.ranks));
  for (auto& line : stability_left_out(file.stability)) lines.push_back(std::move(line));
  return {"Knee stability per detector over the knees found (knees: found/campaigns; overlap95: most sharing a size)",
          std::move(table),
          "Knees not found (edge: at the first or last size or below half the plateau; left out), and GPUs left out "
          "of a model row:",
          std::move(lines)};
}

TextSection agreement_section(const results::ResultFile& file) {
  const auto rows = stats::compute_detector_agreement(file.ranks);
  if (rows.empty()) return {.title = "Detector agreement: none (no kernel, rank and repeat ran two detectors)"};
  TextTable table({{"kernel"},
                   {"first"},
                   {"second"},
                   {"compared", Align::right},
                   {"other_regime", Align::right},
                   {"sweeps", Align::right},
                   {"within1", Align::right},
                   {"size_ratio", Align::right}});
  for (const auto& r : rows) {
    table.add_row({r.kernel, r.first_detector, r.second_detector, std::to_string(r.compared),
                   std::to_string(r.other_regime), std::to_string(r.sweeps),
                   number(r.within1_fraction, 2), number(r.knee_size_ratio_median, 3)});
  }
  return {.title = "Detector agreement on the same sweeps (compared: both found a knee in the same regime; "
                   "other_regime: one in the cache, one in the memory regime; sweeps: both ran; size_ratio: second/first)",
          .table = std::move(table)};
}

}  // namespace

std::string backend_label(const std::string& backend) {
  return backend == "sim" ? "sim (simulated devices, not GPU measurements)" : backend;
}

TextDocument report_document(const results::ResultFile& file, const std::string& path, bool details,
                             const stats::HealthReference* reference) {
  const auto verdicts = stats::judge_gpus(file.ranks, {}, reference);
  std::vector<TextSection> sections{health_section(verdicts)};
  if (auto kernels = health_kernels_section(verdicts)) sections.push_back(std::move(*kernels));
  sections.push_back(answer_section(file));
  if (auto regimes = regimes_section(file)) sections.push_back(std::move(*regimes));
  if (auto throttled = throttled_section(file, details)) sections.push_back(std::move(*throttled));
  if (auto unconverged = unconverged_section(file, details)) sections.push_back(std::move(*unconverged));
  sections.push_back(devices_section(file, details));
  if (details)
    for (auto&& s : {sweep_consensus_section(file), campaigns_section(file), stability_section(file),
                     agreement_section(file)})
      sections.push_back(s);
  return {"autobench-mpi results: " + text::printable(path, text::kMessageBytes), header_lines(file),
          std::move(sections)};
}

}  // namespace autobench::formatting
