// The tidy tables (see tidy_tables.hpp).
#include "suite/result_file/tidy_tables.hpp"

#include <cmath>
#include <vector>

#include <fmt/format.h>

#include "suite/autoscale/throttled.hpp"
#include "suite/formatting/csv_line.hpp"
#include "suite/formatting/number_text.hpp"
#include "suite/result_file/shared_sweeps.hpp"
#include "suite/results/clock_events.hpp"
#include "suite/results/knee.hpp"
#include "suite/results/knee_status.hpp"

namespace autobench::result_file {
namespace {

std::string tidy_number(double v) { return formatting::number_or(v, "{}", ""); }
std::string tidy_flag(bool b) { return b ? "1" : "0"; }

// The rank's card: the columns both tables start with.
const std::vector<std::string> kTidyCardColumns{"rank", "host", "pci_bus", "uuid", "device", "model", "backend"};
std::vector<std::string> card_cells(const results::RankResult& rank) {
  const auto& d = rank.device;
  return {std::to_string(rank.rank), d.hostname, d.pci_bus_id, d.uuid, d.name, d.model, d.backend};
}

std::vector<std::string> tidy_row(std::vector<std::string> head, const std::vector<std::string>& tail) {
  head.insert(head.end(), tail.begin(), tail.end());
  return head;
}

std::string points_header() {
  return formatting::csv_line(tidy_row(
      kTidyCardColumns, {"kernel", "repeat", "sweep", "point", "size", "refinement", "time_s", "time_median_s", "time_min_s",
                     "time_stddev_s", "throughput", "unit", "power_w", "energy_j", "efficiency", "temperature_c",
                     "sm_clock_mhz", "mem_clock_mhz", "throttled", "throttle_reasons", "clock_fell",
                     "sweep_sm_clock_mhz", "noise", "launches", "capped"}));
}

std::size_t points_rows(const results::RankResult& rank, std::string& out) {
  std::size_t rows = 0;
  const auto sweeps = share_sweeps(rank.campaigns);
  for (std::size_t s = 0; s < sweeps.sweeps.size(); ++s) {
    const auto& sweep = sweeps.sweeps[s];
    std::string unit;  // the metric's unit, from a campaign of this sweep
    for (std::size_t c = 0; c < rank.campaigns.size() && unit.empty(); ++c)
      if (sweeps.refs[c].sweep == s) unit = rank.campaigns[c].metric_unit;
    const double normal = autoscale::normal_sm_clock(sweep.points);
    for (std::size_t i = 0; i < sweep.points.size(); ++i) {
      const auto& p = sweep.points[i];
      const bool clocked = std::isfinite(p.sm_clock_mhz) && std::isfinite(normal);
      const std::string fell = clocked ? tidy_flag(p.sm_clock_mhz < autoscale::kClockFallShare * normal) : "";
      out += formatting::csv_line(tidy_row(
          card_cells(rank),
          {sweep.kernel, std::to_string(sweep.repeat), sweep.name, std::to_string(i), fmt::format("{}", p.size),
           tidy_flag(p.refinement), tidy_number(p.time_mean_s), tidy_number(p.time_median_s), tidy_number(p.time_min_s), tidy_number(p.time_stddev_s),
           tidy_number(p.throughput), unit, tidy_number(p.power_w), tidy_number(p.energy_j), tidy_number(p.efficiency), tidy_number(p.temperature_c),
           tidy_number(p.sm_clock_mhz), tidy_number(p.mem_clock_mhz), tidy_flag(p.throttled),
           results::throttle_reason_names(p.clock_event_reasons & results::kThrottleReasons),
           fell, tidy_number(normal), tidy_number(p.noise),
           std::to_string(p.iterations), tidy_flag(!p.converged)}));
      ++rows;
    }
  }
  return rows;
}

std::string campaigns_header() {
  return formatting::csv_line(tidy_row(
      kTidyCardColumns, {"kernel", "detector", "repeat", "sweep", "points", "knee_detected", "knee_status", "knee_size",
                     "knee_low_size", "knee_high_size", "knee_found_fraction", "regime", "plateau", "throughput_at_knee", "unit",
                     "knee_quality", "stop_reason", "complete", "elapsed_s", "error"}));
}

std::size_t campaigns_rows(const results::RankResult& rank, std::string& out) {
  const auto sweeps = share_sweeps(rank.campaigns);
  for (std::size_t i = 0; i < rank.campaigns.size(); ++i) {
    const auto& c = rank.campaigns[i];
    out += formatting::csv_line(tidy_row(
        card_cells(rank),
        {c.kernel, c.detector, std::to_string(c.repeat), sweeps.sweeps[sweeps.refs[i].sweep].name,
         std::to_string(c.points.size()), tidy_flag(c.knee_detected), results::to_string(results::knee_status(c)),
         c.knee_detected ? fmt::format("{}", c.knee_size) : "", tidy_number(c.knee_low_size), tidy_number(c.knee_high_size),
         tidy_number(c.knee_found_fraction), c.regime, tidy_number(c.plateau), tidy_number(results::throughput_at_knee(c)), c.metric_unit,
         tidy_number(c.knee_quality), std::string(results::kStopReasonNames.name(c.stop_reason)), tidy_flag(c.complete),
         tidy_number(c.elapsed_s), c.error}));
  }
  return rank.campaigns.size();
}

std::string joined_header() {
  return formatting::csv_line({"rank", "host", "device", "model", "backend", "kernel", "detector", "repeat", "point",
                              "size", "time_s", "throughput", "unit", "power_w", "energy_j", "efficiency",
                              "refinement", "knee_detected", "knee_status", "is_knee", "knee_size", "knee_low_size",
                              "knee_high_size", "throttled", "throttle_reason", "energy_counter_j", "energy_instant_j",
                              "counter_to_integrated", "converged", "regime"});
}

std::size_t joined_rows(const results::RankResult& rank, std::string& out) {
  std::size_t rows = 0;
  const auto& d = rank.device;
  for (const auto& c : rank.campaigns) {
    const std::string knee_size = c.knee_detected ? fmt::format("{}", c.knee_size) : "";
    const std::string status = results::to_string(results::knee_status(c));
    for (std::size_t i = 0; i < c.points.size(); ++i) {
      const auto& p = c.points[i];
      const bool knee = c.knee_detected && c.knee_index == static_cast<std::int64_t>(i);
      out += formatting::csv_line({std::to_string(c.rank), d.hostname, d.name, d.model, d.backend, c.kernel, c.detector,
                       std::to_string(c.repeat), std::to_string(i), fmt::format("{}", p.size), tidy_number(p.time_mean_s),
                       tidy_number(p.throughput), c.metric_unit, tidy_number(p.power_w), tidy_number(p.energy_j), tidy_number(p.efficiency),
                       tidy_flag(p.refinement), tidy_flag(c.knee_detected), status, tidy_flag(knee), knee_size,
                       tidy_number(c.knee_low_size), tidy_number(c.knee_high_size), tidy_flag(p.throttled), p.throttle_reason,
                       tidy_number(p.energy_counter_j), tidy_number(p.energy_instant_j), tidy_number(results::counter_to_integrated(p)),
                       tidy_flag(p.converged), c.regime});
      ++rows;
    }
  }
  return rows;
}

}  // namespace

const TidyTable kPointsTable{"points.csv", &points_header, &points_rows};
const TidyTable kCampaignsTable{"campaigns.csv", &campaigns_header, &campaigns_rows};
const TidyTable kJoinedTable{"tidy.csv", &joined_header, &joined_rows};

}  // namespace autobench::result_file
