// The report's JSON structure (see report_json.hpp; documented in docs/output.md).
#include "suite/formatting/report_json.hpp"

#include <algorithm>
#include <cstdint>
#include <map>
#include <ostream>
#include <string>
#include <vector>

#include "record/json.hpp"
#include "suite/backend/parallel_for.hpp"
#include "suite/formatting/report_answer.hpp"
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

nlohmann::json device_json(const results::RankResult& rank) {
  nlohmann::json j = rank.device;
  j["rank"] = rank.rank;
  j["start_error"] = rank.start_error;
  j["error"] = rank.error;
  return j;
}

nlohmann::json campaign_json(const results::DeviceInfo& device, const results::CampaignSummary& c) {
  return {{"rank", c.rank},
          {"device", device.name},
          {"device_model", device.model},
          {"backend", device.backend},
          {"kernel", c.kernel},
          {"detector", c.detector},
          {"repeat", c.repeat},
          {"points", c.points},
          {"knee_detected", c.knee_detected},
          {"knee_status", c.knee_status},
          {"knee_index", c.knee_index},
          {"knee_size", c.knee_size},
          {"stop_reason", c.stop_reason},
          {"error", c.error},
          {"throughput_at_knee", record::number_to_json(c.throughput_at_knee)},
          {"knee_quality", record::number_to_json(c.knee_quality)},
          {"plateau", record::number_to_json(c.plateau)},
          {"knee_position", record::number_to_json(c.knee_position)},
          {"x_scale", c.x_scale},
          {"regime", c.regime},
          {"regime_peak_size", c.regime_peak_size},
          {"regime_fallout_size", c.regime_fallout_size},
          {"refinement_points", c.refinement_points},
          {"power_at_knee_w", record::number_to_json(c.power_at_knee_w)},
          {"efficiency_at_knee", record::number_to_json(c.efficiency_at_knee)},
          {"efficiency_corrected_at_knee", record::number_to_json(c.efficiency_corrected_at_knee)},
          {"efficiency_unit", stats::efficiency_unit(c.metric_unit)},
          {"metric_unit", c.metric_unit},
          {"elapsed_s", record::number_to_json(c.elapsed_s)},
          {"complete", c.complete},
          {"knee_low_size", record::number_to_json(c.knee_low_size)},
          {"knee_high_size", record::number_to_json(c.knee_high_size)},
          {"knee_found_fraction", record::number_to_json(c.knee_found_fraction)},
          {"timing_mode", c.timing_mode},
          {"estimator", c.estimator},
          {"throttled_points", c.throttled_points}};
}

nlohmann::json stability_json(const results::StabilityRow& row) {
  nlohmann::json j = {{"kernel", row.kernel}, {"detector", row.detector}};
  record::fields_to_json(j, row, results::kStabilityColumns);
  record::fields_to_json(j, row, results::kStabilityKneeColumns);
  return j;
}

nlohmann::json consensus_json(const std::vector<results::ConsensusRow>& consensus, const results::ConsensusRow& row) {
  nlohmann::json j = {{"kernel", row.kernel}};
  record::fields_to_json(j, row, results::kConsensusColumns);
  record::fields_to_json(j, row, results::kConsensusRegimeColumns);
  if (row.scope == "model") j["no_consensus"] = no_consensus(consensus, row);  // the text report's "No answer:" line
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

using DevicesByRank = std::map<std::int64_t, const results::DeviceInfo*>;

DevicesByRank devices_by_rank(const stats::RunSummary& run) {
  DevicesByRank devices;
  for (const auto& rank : run.ranks) devices.emplace(rank.rank, &rank.device);
  return devices;
}

// Campaign `c`'s JSON with its rank's device (an empty one for a rank without).
nlohmann::json campaign_json(const DevicesByRank& devices, const results::CampaignSummary& c) {
  static const results::DeviceInfo kNoDevice;
  const auto device = devices.find(c.rank);
  return campaign_json(device == devices.end() ? kNoDevice : *device->second, c);
}

// Appends campaign `i` of `run` as an element of the report's "campaigns" array, as dump(2) writes an array's
// element two levels down: after its separator, each of its lines indented by 4 more.
void append_campaign_text(const DevicesByRank& devices, const stats::RunSummary& run, std::size_t i,
                          std::string& out) {
  const std::string element = campaign_json(devices, run.campaigns[i]).dump(2);
  out += i == 0 ? "\n    " : ",\n    ";
  std::size_t from = 0;
  for (std::size_t nl = element.find('\n'); nl != std::string::npos; nl = element.find('\n', from)) {
    out.append(element, from, nl + 1 - from).append("    ");
    from = nl + 1;
  }
  out.append(element, from);
}

// The report but its campaigns (an empty array).
nlohmann::json report_but_campaigns(const stats::RunSummary& run, const std::string& path,
                                    const stats::HealthReference* reference) {
  const auto& info = run.info;
  nlohmann::json j = {{"file", path},
                      {"schema_version", run.schema_version},
                      {"backend", info.backend},
                      {"ranks", info.ranks},
                      {"complete", info.complete},
                      {"autobench_version", info.version},
                      {"git_commit", info.git_commit},
                      {"command_line", info.command_line},
                      {"suite", info.suite},
                      {"start_time", info.start_time},
                      {"end_time", info.end_time},
                      {"settings", settings_json(run.settings_json)},
                      {"consensus", nlohmann::json::array()},
                      {"devices", nlohmann::json::array()},
                      {"campaigns", nlohmann::json::array()},
                      {"stability", nlohmann::json::array()},
                      {"detector_agreement", nlohmann::json::array()}};
  for (const auto& rank : run.ranks) j["devices"].push_back(device_json(rank));
  for (const auto& row : run.stability) j["stability"].push_back(stability_json(row));
  for (const auto& row : run.consensus) j["consensus"].push_back(consensus_json(run.consensus, row));
  for (const auto& row : stats::compute_detector_agreement(run.campaigns)) {
    j["detector_agreement"].push_back(agreement_json(row));
  }
  const auto verdicts = stats::judge_gpus(run.health, {}, reference);
  j["gpu_health"] = gpu_health_json(verdicts);
  j["outliers"] = outliers_json(verdicts);
  j["time_split"] = nlohmann::json::array();  // the text report's "Where each rank's time went"
  for (const auto& split : run.time_splits) {
    nlohmann::json row = split;
    row["other_s"] = record::number_to_json(split.other_s());
    j["time_split"].push_back(std::move(row));
  }
  return j;
}

}  // namespace

nlohmann::json report_json(const stats::RunSummary& run, const std::string& path,
                           const stats::HealthReference* reference) {
  nlohmann::json j = report_but_campaigns(run, path, reference);
  const DevicesByRank devices = devices_by_rank(run);
  for (const auto& c : run.campaigns) j["campaigns"].push_back(campaign_json(devices, c));
  return j;
}

void write_report_json(const stats::RunSummary& run, const std::string& path, std::ostream& out,
                       const stats::HealthReference* reference) {
  nlohmann::json j = report_but_campaigns(run, path, reference);
  constexpr const char* kMarker = "\x01" "campaigns" "\x01";  // where the campaigns go, a top-level value
  j["campaigns"] = kMarker;
  const std::string text = j.dump(2);
  const std::string placeholder = "\n  \"campaigns\": " + nlohmann::json(kMarker).dump();
  const std::size_t at = text.find(placeholder);
  out << text.substr(0, at) << "\n  \"campaigns\": [";
  // The campaigns' texts are made on the usable cores (10^5 campaigns at 256 ranks: seconds on one core,
  // at the end of rank 0's last step), a wave of chunks at a time and written in order: the memory of
  // one wave.
  const DevicesByRank devices = devices_by_rank(run);
  const std::size_t n = run.campaigns.size();
  constexpr std::size_t kChunk = 256;
  const std::size_t wave = kChunk * backend::usable_cores();
  std::vector<std::string> texts;
  for (std::size_t begin = 0; begin < n; begin += wave) {
    const std::size_t end = std::min(n, begin + wave);
    texts.assign((end - begin + kChunk - 1) / kChunk, std::string());
    backend::parallel_for(texts.size(), 1, [&](std::size_t t) {
      for (std::size_t i = begin + t * kChunk; i < std::min(end, begin + (t + 1) * kChunk); ++i)
        append_campaign_text(devices, run, i, texts[t]);
    });
    for (const auto& t : texts) out << t;
  }
  out << (n == 0 ? "]" : "\n  ]") << text.substr(at + placeholder.size()) << "\n";
}

nlohmann::json report_json(const results::ResultFile& file, const std::string& path,
                           const stats::HealthReference* reference) {
  return report_json(stats::summarize_run(file), path, reference);
}

}  // namespace autobench::formatting
