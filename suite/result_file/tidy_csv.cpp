// The tidy table (see tidy_csv.hpp).
#include "suite/result_file/tidy_csv.hpp"

#include <vector>

#include <fmt/format.h>

#include "suite/formatting/csv_line.hpp"
#include "suite/formatting/number_text.hpp"
#include "suite/results/knee_status.hpp"

namespace autobench::result_file {
namespace {

std::string num(double v) { return formatting::number_or(v, "{}", ""); }

std::string flag(bool b) { return b ? "1" : "0"; }

}  // namespace

std::string tidy_csv(const results::ResultFile& file) {
  std::string out = formatting::csv_line({"rank", "host", "device", "model", "backend", "kernel", "detector", "repeat", "point",
                              "size", "time_s", "throughput", "unit", "power_w", "energy_j", "efficiency",
                              "refinement", "knee_detected", "knee_status", "is_knee", "knee_size", "knee_low_size",
                              "knee_high_size", "throttled", "throttle_reason", "energy_counter_j", "energy_instant_j",
                              "counter_to_integrated", "converged", "regime"});
  for (const auto& rank : file.ranks) {
    const auto& d = rank.device;
    for (const auto& c : rank.campaigns) {
      const std::string knee_size = c.knee_detected ? fmt::format("{}", c.knee_size) : "";
      const std::string status = results::to_string(results::knee_status(c));
      for (std::size_t i = 0; i < c.points.size(); ++i) {
        const auto& p = c.points[i];
        const bool knee = c.knee_detected && c.knee_index == static_cast<std::int64_t>(i);
        out += formatting::csv_line({std::to_string(c.rank), d.hostname, d.name, d.model, d.backend, c.kernel, c.detector,
                         std::to_string(c.repeat), std::to_string(i), fmt::format("{}", p.size), num(p.time_mean_s),
                         num(p.throughput), c.metric_unit, num(p.power_w), num(p.energy_j), num(p.efficiency),
                         flag(p.refinement), flag(c.knee_detected), status, flag(knee), knee_size,
                         num(c.knee_low_size), num(c.knee_high_size), flag(p.throttled), p.throttle_reason,
                         num(p.energy_counter_j), num(p.energy_instant_j), num(results::counter_to_integrated(p)),
                         flag(p.converged), c.regime});
      }
    }
  }
  return out;
}

}  // namespace autobench::result_file
