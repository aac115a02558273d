// The report's JSON structure (see report_json.hpp; documented in docs/output.md).
#include "suite/formatting/report_json.hpp"

#include <algorithm>

#include "record/json.hpp"
#include "suite/formatting/report_health.hpp"
#include "suite/stats/compare_figures.hpp"
#include "suite/results/result_file.hpp"
#include "suite/results/result_json.hpp"
#include "suite/results/knee.hpp"
#include "suite/results/knee_status.hpp"
#include "suite/results/consensus_fields.hpp"
#include "suite/stats/detector_agreement.hpp"
#include "suite/results/stability_fields.hpp"

namespace autobench::formatting {
namespace {

std::size_t refinement_points(const results::Campaign& c) {
  std::size_t n = 0;
  for (const auto& p : c.points) n += p.refinement ? 1 : 0;
  return n;
}

nlohmann::json device_json(const results::RankResult& rank) {
  nlohmann::json j = rank.device;
  j["rank"] = rank.rank;
  j["start_error"] = rank.start_error;
  j["error"] = rank.error;
  return j;
}

nlohmann::json campaign_json(const results::RankResult& rank, const results::Campaign& c) {
  return {{"rank", c.rank},
          {"device", rank.device.name},
          {"device_model", rank.device.model},
          {"backend", rank.device.backend},
          {"kernel", c.kernel},
          {"detector", c.detector},
          {"repeat", c.repeat},
          {"points", c.points.size()},
          {"knee_detected", c.knee_detected},
          {"knee_status", results::to_string(results::knee_status(c))},
          {"knee_index", c.knee_index},
          {"knee_size", c.knee_size},
          {"stop_reason", results::kStopReasonNames.name(c.stop_reason)},
          {"error", c.error},
          {"throughput_at_knee", record::number_to_json(results::throughput_at_knee(c))},
          {"knee_quality", record::number_to_json(c.knee_quality)},
          {"plateau", record::number_to_json(c.plateau)},
          {"knee_position", record::number_to_json(c.knee_position)},
          {"x_scale", c.x_scale},
          {"regime", c.regime},
          {"regime_peak_size", c.regime_peak_size},
          {"regime_fallout_size", c.regime_fallout_size},
          {"refinement_points", refinement_points(c)},
          {"power_at_knee_w", record::number_to_json(results::at_knee(c, &results::Point::power_w))},
          {"efficiency_at_knee", record::number_to_json(results::at_knee(c, &results::Point::efficiency))},
          {"efficiency_corrected_at_knee",
           record::number_to_json(results::at_knee(c, &results::Point::efficiency_corrected))},
          {"efficiency_unit", stats::efficiency_unit(c.metric_unit)},
          {"metric_unit", c.metric_unit},
          {"elapsed_s", record::number_to_json(c.elapsed_s)},
          {"complete", c.complete},
          {"knee_low_size", record::number_to_json(c.knee_low_size)},
          {"knee_high_size", record::number_to_json(c.knee_high_size)},
          {"knee_found_fraction", record::number_to_json(c.knee_found_fraction)},
          {"timing_mode", c.timing_mode},
          {"estimator", c.estimator},
          {"throttled_points", std::count_if(c.points.begin(), c.points.end(), [](const auto& p) { return p.throttled; })}};
}

nlohmann::json stability_json(const results::StabilityRow& row) {
  nlohmann::json j = {{"kernel", row.kernel}, {"detector", row.detector}};
  record::fields_to_json(j, row, results::kStabilityColumns);
  record::fields_to_json(j, row, results::kStabilityKneeColumns);
  return j;
}

nlohmann::json consensus_json(const results::ConsensusRow& row) {
  nlohmann::json j = {{"kernel", row.kernel}};
  record::fields_to_json(j, row, results::kConsensusColumns);
  record::fields_to_json(j, row, results::kConsensusRegimeColumns);
  return j;
}

nlohmann::json agreement_json(const stats::AgreementRow& row) {
  return {{"kernel", row.kernel},
          {"first_detector", row.first_detector},
          {"second_detector", row.second_detector},
          {"compared", row.compared},
          {"other_regime", row.other_regime},
          {"sweeps", row.sweeps},
          {"within1_fraction", record::number_to_json(row.within1_fraction)},
          {"knee_size_ratio_median", record::number_to_json(row.knee_size_ratio_median)}};
}

// The settings as a JSON value; as text when the file holds something that is not JSON.
nlohmann::json settings_json(const std::string& text) {
  auto parsed = nlohmann::json::parse(text, nullptr, false);
  return parsed.is_discarded() ? nlohmann::json(text) : parsed;
}

}  // namespace

nlohmann::json report_json(const results::ResultFile& file, const std::string& path,
                           const stats::HealthReference* reference) {
  const auto& info = file.info;
  nlohmann::json j = {{"file", path},
                      {"schema_version", file.schema_version},
                      {"backend", info.backend},
                      {"ranks", info.ranks},
                      {"complete", info.complete},
                      {"autobench_version", info.version},
                      {"git_commit", info.git_commit},
                      {"command_line", info.command_line},
                      {"suite", info.suite},
                      {"start_time", info.start_time},
                      {"end_time", info.end_time},
                      {"settings", settings_json(file.settings_json)},
                      {"consensus", nlohmann::json::array()},
                      {"devices", nlohmann::json::array()},
                      {"campaigns", nlohmann::json::array()},
                      {"stability", nlohmann::json::array()},
                      {"detector_agreement", nlohmann::json::array()}};
  for (const auto& rank : file.ranks) {
    j["devices"].push_back(device_json(rank));
    for (const auto& c : rank.campaigns) j["campaigns"].push_back(campaign_json(rank, c));
  }
  for (const auto& row : file.stability) j["stability"].push_back(stability_json(row));
  for (const auto& row : file.consensus) j["consensus"].push_back(consensus_json(row));
  for (const auto& row : stats::compute_detector_agreement(file.ranks)) {
    j["detector_agreement"].push_back(agreement_json(row));
  }
  const auto verdicts = stats::judge_gpus(file.ranks, {}, reference);
  j["gpu_health"] = gpu_health_json(verdicts);
  j["outliers"] = outliers_json(verdicts);
  return j;
}

}  // namespace autobench::formatting
