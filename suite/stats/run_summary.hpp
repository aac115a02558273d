// A results file without its points: what `report` (its default forms) and summary.json are made from, read
// from a run's root /summary tables (schema 3) or made from a file read whole (summarize_run).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "suite/results/campaign_summary.hpp"
#include "suite/results/result_file.hpp"
#include "suite/stats/gpu_health.hpp"

namespace autobench::stats {

struct RunSummary {
  std::int64_t schema_version = results::kSingleFileSchemaVersion;
  results::RunInfo info;
  std::string settings_json;
  std::vector<results::RankResult> ranks;            // devices and errors, in the order of /devices; no campaigns
  std::vector<results::CampaignSummary> campaigns;   // by rank as `ranks`, then each rank's in the file's order
  std::vector<GpuEvidence> health;                   // one per rank, as `ranks`, with its sweeps
  std::vector<results::StabilityRow> stability;
  std::vector<results::ConsensusRow> consensus;
  std::vector<results::RankTimeSplit> time_splits;
};

// `file` summarised: every campaign (summarize_campaign, without its sweep's path) and each rank's evidence.
RunSummary summarize_run(const results::ResultFile& file);

}  // namespace autobench::stats
