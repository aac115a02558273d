// The report's table form (see report_table.hpp).
#include "suite/output/report_table.hpp"

#include <cmath>
#include <cstdio>

#include "suite/output/text_table.hpp"
#include "suite/results/knee.hpp"

namespace autobench::output {
namespace {

using Align = TextTable::Align;

// Fixed-point with `decimals` digits; "-" for a missing (NaN) value.
std::string number(double v, int decimals) {
  if (std::isnan(v)) return "-";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  return buf;
}

// A message on its own indented lines.
std::string indented(const std::string& message, const std::string& indent) {
  std::string out;
  for (char ch : message) out += ch == '\n' ? "\n" + indent : std::string(1, ch);
  return out;
}

std::string header(const ResultFile& file, const std::string& path) {
  const auto& info = file.info;
  std::string out = "autobench-mpi results: " + path + "\n";
  out += "backend: " + backend_label(info.backend) + "\n";
  out += "run: autobench-mpi " + info.version + " (git " + info.git_commit + "), suite " + info.suite + ", " +
         std::to_string(info.ranks) + (info.ranks == 1 ? " rank, " : " ranks, ") + info.start_time + " to " +
         info.end_time + "\n";
  if (!info.complete) out += "status: incomplete (the run did not finish; results may be missing)\n";
  for (const auto& rank : file.ranks) {
    if (!rank.start_error.empty()) {
      out += "rank " + std::to_string(rank.rank) + " (" + rank.device.hostname +
             ") could not start: " + indented(rank.start_error, "  ") + "\n";
    }
  }
  return out;
}

// One row per rank that started: where it ran and which device it drove (the UUID tells devices apart;
// the power column is the sensor, "unavailable" without NVML, the reason being in the JSON report).
std::string devices_section(const ResultFile& file) {
  TextTable table({{"rank", Align::right},
                   {"host"},
                   {"device"},
                   {"uuid"},
                   {"pci_bus"},
                   {"cc"},
                   {"SMs", Align::right},
                   {"memory_GiB", Align::right},
                   {"driver"},
                   {"power"}});
  std::size_t count = 0;
  for (const auto& rank : file.ranks) {
    if (!rank.start_error.empty()) continue;
    const auto& d = rank.device;
    ++count;
    table.add_row({std::to_string(rank.rank), d.hostname, d.name, d.uuid.empty() ? "-" : d.uuid,
                   d.pci_bus_id.empty() ? "-" : d.pci_bus_id,
                   std::to_string(d.cc_major) + "." + std::to_string(d.cc_minor), std::to_string(d.sm_count),
                   number(static_cast<double>(d.memory_total_bytes) / (1024.0 * 1024.0 * 1024.0), 1),
                   d.driver_version.empty() ? "-" : d.driver_version,
                   d.power_sensor.empty() ? "-" : d.power_sensor.substr(0, d.power_sensor.find(':'))});
  }
  if (count == 0) return "Devices: none\n";
  return "Devices (" + std::to_string(count) + ")\n" + table.str();
}

std::string campaigns_section(const ResultFile& file) {
  TextTable table({{"rank", Align::right},
                   {"device"},
                   {"kernel"},
                   {"detector"},
                   {"repeat", Align::right},
                   {"points", Align::right},
                   {"knee"},
                   {"index", Align::right},
                   {"size", Align::right},
                   {"throughput", Align::right},
                   {"unit"},
                   {"of_plateau", Align::right},
                   {"power_W", Align::right},
                   {"work/J", Align::right},
                   {"stop"},
                   {"elapsed_s", Align::right}});
  std::string errors;
  std::size_t count = 0;
  for (const auto& rank : file.ranks) {
    for (const auto& c : rank.campaigns) {
      ++count;
      table.add_row({std::to_string(c.rank), rank.device.name, c.kernel, c.detector, std::to_string(c.repeat),
                     std::to_string(c.points.size()), c.knee_detected ? "yes" : "no", std::to_string(c.knee_index),
                     std::to_string(c.knee_size), number(results::throughput_at_knee(c), 2), c.metric_unit,
                     std::isnan(c.knee_quality) ? "-" : number(100 * c.knee_quality, 1) + "%",
                     number(results::at_knee(c, &results::Point::power_w), 1),
                     number(results::at_knee(c, &results::Point::efficiency), 3),
                     std::string(results::to_string(c.stop_reason)) + (c.complete ? "" : " (incomplete)"),
                     number(c.elapsed_s, 2)});
      if (!c.error.empty()) {
        errors += "  rank " + std::to_string(c.rank) + " " + c.kernel + "/" + c.detector + " repeat " +
                  std::to_string(c.repeat) + ": " + indented(c.error, "    ") + "\n";
      }
    }
  }
  if (count == 0) return "Campaigns: none\n";
  std::string out = "Campaigns (" + std::to_string(count) +
                    "; index/size/throughput/power/work per joule at the knee, or at the last point when no knee "
                    "was found)\n" + table.str();
  if (!errors.empty()) out += "Errors:\n" + errors;
  return out;
}

std::string stability_section(const ResultFile& file) {
  if (file.stability.empty()) return "Knee stability: none\n";
  TextTable table({{"kernel"},
                   {"detector"},
                   {"scope"},
                   {"group"},
                   {"campaigns", Align::right},
                   {"index_mode", Align::right},
                   {"index_mean", Align::right},
                   {"index_sd", Align::right},
                   {"size_median", Align::right},
                   {"size_iqr", Align::right},
                   {"within1", Align::right},
                   {"throughput_cv", Align::right}});
  for (const auto& r : file.stability) {
    table.add_row({r.kernel, r.detector, r.scope, r.group, std::to_string(r.campaigns),
                   std::to_string(r.knee_index_mode), number(r.knee_index_mean, 2), number(r.knee_index_stddev, 2),
                   number(r.knee_size_median, 0), number(r.knee_size_iqr, 0), number(r.within1_fraction, 2),
                   number(r.throughput_cv, 3)});
  }
  return "Knee stability (within1: fraction of knees within one index of the mode)\n" + table.str();
}

}  // namespace

std::string backend_label(const std::string& backend) {
  return backend == "sim" ? "sim (simulated devices, not GPU measurements)" : backend;
}

std::string report_table(const ResultFile& file, const std::string& path) {
  return header(file, path) + "\n" + devices_section(file) + "\n" + campaigns_section(file) + "\n" +
         stability_section(file);
}

}  // namespace autobench::output
