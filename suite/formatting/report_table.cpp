// The report's table forms (see report_table.hpp).
#include "suite/formatting/report_table.hpp"

#include <algorithm>
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

std::vector<std::string> header_lines(const stats::RunSummary& run) {
  const auto& info = run.info;
  const auto safe = [](const std::string& value) { return text::printable(value); };  // a newline cannot forge a line
  std::vector<std::string> lines{"backend: " + safe(backend_label(info.backend)),
                                 "run: autobench-mpi " + safe(info.version) + " (git " + safe(info.git_commit) +
                                     "), suite " + safe(info.suite) + ", " + std::to_string(info.ranks) +
                                     (info.ranks == 1 ? " rank, " : " ranks, ") + safe(info.start_time) + " to " +
                                     safe(info.end_time)};
  if (!info.complete) lines.push_back("status: incomplete (the run did not finish; results may be missing)");
  for (auto& line : rank_failures(run.ranks)) lines.push_back(std::move(line));
  return lines;
}

// One row per rank that started: where it ran and which device it drove, its memory and power sensor
// ("unavailable" without NVML, the reason being in the JSON report); with details a second table of the ranks'
// cards (PCI bus, UUID, compute capability, SMs, driver), the UUIDs being too wide to share the first.
std::vector<TextSection> devices_sections(const stats::RunSummary& run, bool details) {
  TextTable table({{"rank", Align::right}, {"host"}, {"device"}, {"memory_GiB", Align::right}, {"power"}});
  TextTable cards(
      {{"rank", Align::right}, {"pci_bus"}, {"uuid"}, {"cc"}, {"SMs", Align::right}, {"driver"}});
  std::size_t count = 0;
  for (const auto& rank : run.ranks) {
    if (!rank.start_error.empty()) continue;
    const auto& d = rank.device;
    ++count;
    table.add_row({std::to_string(rank.rank), d.hostname, d.name,
                   number(static_cast<double>(d.memory_total_bytes) / (1024.0 * 1024.0 * 1024.0), 1),
                   d.power_sensor.empty() ? "-" : d.power_sensor.substr(0, d.power_sensor.find(':'))});
    cards.add_row({std::to_string(rank.rank), d.pci_bus_id.empty() ? "-" : d.pci_bus_id, d.uuid.empty() ? "-" : d.uuid,
                   std::to_string(d.cc_major) + "." + std::to_string(d.cc_minor), std::to_string(d.sm_count),
                   d.driver_version.empty() ? "-" : d.driver_version});
  }
  if (count == 0) return {{.title = "Devices: none"}};
  std::vector<TextSection> sections{{.title = "Devices (" + std::to_string(count) + ")", .table = std::move(table)}};
  if (details) sections.push_back({.title = "Their cards", .table = std::move(cards)});
  return sections;
}

// Per kernel a table of its campaigns: the columns of campaign_columns() but the device (the Devices table
// names each rank's), the kernel, and the unit, timing, stop and throttled where one value for all its
// campaigns (said in the title); headers shortened, so that a table fits kTextWidth. The last section lists
// the errors.
std::vector<TextSection> campaigns_sections(const results::ResultFile& file) {
  const std::map<std::string, std::string> shorter{{"repeat", "rep"},   {"points", "pts"},     {"index", "idx"},
                                                   {"of_plateau", "%plat"}, {"power_W", "W"}, {"throttled", "thr"},
                                                   {"elapsed_s", "time"}, {"throughput", "tput"}};
  const std::set<std::string> said_once{"unit", "timing", "stop", "throttled"};  // in the title when one value
  const auto& all = campaign_columns();
  const auto column = [&](const std::string& header) {
    return static_cast<std::size_t>(
        std::find_if(all.begin(), all.end(), [&](const auto& c) { return c.header == header; }) - all.begin());
  };
  std::map<std::string, std::vector<std::vector<std::string>>> kernels;  // kernel -> rows, every column's text
  std::vector<std::string> errors;
  for (const auto& rank : file.ranks)
    for (const auto& c : rank.campaigns) {
      std::vector<std::string> row;
      for (const auto& cell : campaign_cells(rank, c)) row.push_back(cell_text(cell));
      row[column("size_95")] = short_interval(c.knee_low_size, c.knee_high_size);  // exact in the CSV form
      kernels[c.kernel].push_back(std::move(row));
      if (!c.error.empty())
        errors.push_back("rank " + std::to_string(c.rank) + " " + c.kernel + "/" + c.detector + " repeat " +
                         std::to_string(c.repeat) + ": " + c.error);
    }
  if (kernels.empty()) return {{.title = "Campaigns: none"}};
  std::vector<TextSection> sections;
  for (const auto& [kernel, rows] : kernels) {
    std::vector<std::size_t> shown;
    std::vector<TextTable::Column> columns;
    std::string once;  // "unit GB/s, timing warm, ..."
    for (std::size_t i = 0; i < all.size(); ++i) {
      const auto& h = all[i].header;
      if (h == "device" || h == "kernel") continue;
      if (said_once.count(h) &&
          std::all_of(rows.begin(), rows.end(), [&](const auto& row) { return row[i] == rows.front()[i]; })) {
        once += (once.empty() ? "" : ", ") + h + " " + rows.front()[i];
        continue;
      }
      shown.push_back(i);
      columns.push_back({shorter.count(h) ? shorter.at(h) : h, all[i].align});
    }
    TextTable table(std::move(columns));
    for (const auto& row : rows) {
      std::vector<std::string> cells;
      for (std::size_t i : shown) cells.push_back(row[i]);
      table.add_row(std::move(cells));
    }
    sections.push_back({.title = "Campaigns of " + kernel + " (" + std::to_string(rows.size()) + "; all: " + once +
                                 "; idx, size, tput (throughput), W and work/J at the knee, or at the last point "
                                 "without one; %plat: of the plateau; thr: throttled points; time: seconds elapsed)",
                        .table = std::move(table)});
  }
  sections.back().list_title = "Errors:";
  sections.back().list = std::move(errors);
  return sections;
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

// Per kernel a table of its stability rows; the last section lists the knees not found and the GPUs left out.
std::vector<TextSection> stability_sections(const stats::RunSummary& run) {
  if (run.stability.empty()) return {{.title = "Knee stability: none"}};
  std::map<std::string, TextTable> tables;
  for (const auto& r : run.stability) {
    auto [it, added] = tables.try_emplace(r.kernel, std::vector<TextTable::Column>{{"detector"},
                                                                                   {"group"},
                                                                                   {"knees", Align::right},
                                                                                   {"mode", Align::right},
                                                                                   {"mean", Align::right},
                                                                                   {"sd", Align::right},
                                                                                   {"size_med", Align::right},
                                                                                   {"size_iqr", Align::right},
                                                                                   {"within1", Align::right},
                                                                                   {"tput_cv", Align::right},
                                                                                   {"size_cv", Align::right},
                                                                                   {"ovl95", Align::right}});
    it->second.add_row({r.detector, r.group, std::to_string(r.knees_found) + "/" + std::to_string(r.campaigns),
                        r.knees_found ? std::to_string(r.knee_index_mode) : "-", number(r.knee_index_mean, 2),
                        number(r.knee_index_stddev, 2), number(r.knee_size_median, 0), number(r.knee_size_iqr, 0),
                        number(r.within1_fraction, 2), number(r.throughput_cv, 3), number(r.knee_size_cv, 3),
                        std::to_string(r.intervals_overlapping)});
  }
  std::vector<TextSection> sections;
  for (auto& [kernel, table] : tables)
    sections.push_back({.title = "Knee stability of " + kernel + " per detector over the knees found (knees: "
                                 "found/campaigns; group: a rank over its repeats, a model over its GPUs, or all; mode, mean, sd: "
                                 "of the knee's point index; tput_cv: of the throughput at the knee; size_med: the median knee; "
                                 "ovl95: the most knees whose 95% intervals share a size)",
                        .table = std::move(table)});
  auto lines = knees_not_found(run.campaigns);
  for (auto& line : stability_left_out(run.stability)) lines.push_back(std::move(line));
  sections.back().list_title =
      "Knees not found (edge: at the first or last size or below half the plateau; left out), and GPUs left out "
      "of a model row:";
  sections.back().list = std::move(lines);
  return sections;
}

TextSection agreement_section(const stats::RunSummary& run) {
  const auto rows = stats::compute_detector_agreement(run.campaigns);
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

TextDocument report_document(const stats::RunSummary& run, const results::ResultFile* details, const std::string& path,
                             const stats::HealthReference* reference) {
  const auto verdicts = stats::judge_gpus(run.health, {}, reference);
  std::vector<TextSection> sections{health_section(verdicts)};
  if (auto kernels = health_kernels_section(verdicts)) sections.push_back(std::move(*kernels));
  for (auto& s : answer_sections(run.consensus)) sections.push_back(std::move(s));
  if (auto regimes = regimes_section(run.consensus)) sections.push_back(std::move(*regimes));
  if (auto throttled = throttled_section(run, details)) sections.push_back(std::move(*throttled));
  if (auto unconverged = unconverged_section(run, details)) sections.push_back(std::move(*unconverged));
  for (auto& s : devices_sections(run, details != nullptr)) sections.push_back(std::move(s));
  if (details) {
    for (auto& s : sweep_consensus_sections(run)) sections.push_back(std::move(s));
    for (auto& s : campaigns_sections(*details)) sections.push_back(std::move(s));
    for (auto& s : stability_sections(run)) sections.push_back(std::move(s));
    sections.push_back(agreement_section(run));
  }
  return {"autobench-mpi results: " + text::printable(path, text::kMessageBytes), header_lines(run),
          std::move(sections)};
}

TextDocument report_document(const results::ResultFile& file, const std::string& path, bool details,
                             const stats::HealthReference* reference) {
  return report_document(stats::summarize_run(file), details ? &file : nullptr, path, reference);
}

}  // namespace autobench::formatting
