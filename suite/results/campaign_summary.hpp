// One campaign without its points: what the run-wide statistics, the report's campaign rows and the
// root file's /summary/campaigns table need (docs/output.md), made by the rank that measured it.
#pragma once

#include <cstdint>
#include <string>
#include <tuple>
#include <vector>

#include "record/fields.hpp"
#include "suite/results/results.hpp"

namespace autobench::results {

struct CampaignSummary {
  std::int64_t rank = 0;
  std::string kernel, detector;
  std::int64_t repeat = 0;
  std::string device_model;  // the rank's device model (DeviceInfo::model), as stability groups it
  std::int64_t points = 0;
  bool knee_detected = false;
  std::string knee_status;   // "found" | "edge" | "none" (knee_status.hpp)
  std::int64_t knee_index = -1;
  std::uint64_t knee_size = 0;
  double knee_low_size = kNaN, knee_high_size = kNaN, knee_found_fraction = kNaN;
  double knee_quality = kNaN, plateau = kNaN, knee_position = kNaN;
  std::string x_scale, regime;
  std::uint64_t regime_peak_size = 0, regime_fallout_size = 0;
  std::string stop_reason, error;
  bool complete = true;
  double elapsed_s = 0.0;
  std::string timing_mode, estimator, metric_unit;
  // That field of the point at knee_index (NaN when it points at none).
  double throughput_at_knee = kNaN, power_at_knee_w = kNaN, efficiency_at_knee = kNaN,
         efficiency_corrected_at_knee = kNaN;
  std::int64_t refinement_points = 0, throttled_points = 0;
  std::string sweep;  // the path of its sweep in the file
  std::uint64_t smallest_size = 0, largest_size = 0;  // of its points (0: none)
};

// `c` of `rank`, on the sweep at `sweep_path` (after stats::assign_regimes, so its regime is set).
CampaignSummary summarize_campaign(const RankResult& rank, const Campaign& c, const std::string& sweep_path);
// Every campaign of `ranks`, in order, without its sweep's path.
std::vector<CampaignSummary> summarize_campaigns(const std::vector<RankResult>& ranks);

// The /summary/campaigns columns, in this order (the contract with the readers: docs/output.md).
inline constexpr auto kCampaignSummaryFields = std::make_tuple(
    record::field("rank", &CampaignSummary::rank), record::field("kernel", &CampaignSummary::kernel),
    record::field("detector", &CampaignSummary::detector), record::field("repeat", &CampaignSummary::repeat),
    record::field("device_model", &CampaignSummary::device_model), record::field("points", &CampaignSummary::points),
    record::field("knee_detected", &CampaignSummary::knee_detected),
    record::field("knee_status", &CampaignSummary::knee_status), record::field("knee_index", &CampaignSummary::knee_index),
    record::field("knee_size", &CampaignSummary::knee_size), record::field("knee_low_size", &CampaignSummary::knee_low_size),
    record::field("knee_high_size", &CampaignSummary::knee_high_size),
    record::field("knee_found_fraction", &CampaignSummary::knee_found_fraction),
    record::field("knee_quality", &CampaignSummary::knee_quality), record::field("plateau", &CampaignSummary::plateau),
    record::field("knee_position", &CampaignSummary::knee_position), record::field("x_scale", &CampaignSummary::x_scale),
    record::field("regime", &CampaignSummary::regime), record::field("regime_peak_size", &CampaignSummary::regime_peak_size),
    record::field("regime_fallout_size", &CampaignSummary::regime_fallout_size),
    record::field("stop_reason", &CampaignSummary::stop_reason), record::field("error", &CampaignSummary::error),
    record::field("complete", &CampaignSummary::complete), record::field("elapsed_s", &CampaignSummary::elapsed_s),
    record::field("timing_mode", &CampaignSummary::timing_mode), record::field("estimator", &CampaignSummary::estimator),
    record::field("metric_unit", &CampaignSummary::metric_unit),
    record::field("throughput_at_knee", &CampaignSummary::throughput_at_knee),
    record::field("power_at_knee_w", &CampaignSummary::power_at_knee_w),
    record::field("efficiency_at_knee", &CampaignSummary::efficiency_at_knee),
    record::field("efficiency_corrected_at_knee", &CampaignSummary::efficiency_corrected_at_knee),
    record::field("refinement_points", &CampaignSummary::refinement_points),
    record::field("throttled_points", &CampaignSummary::throttled_points), record::field("sweep", &CampaignSummary::sweep),
    record::field("smallest_size", &CampaignSummary::smallest_size),
    record::field("largest_size", &CampaignSummary::largest_size));

}  // namespace autobench::results
