// A rank's results without their points, as the rank sends them to rank 0 once its part is written: what
// the run-wide statistics (stability, consensus, GPU health) and the root file's /summary need.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "suite/results/campaign_summary.hpp"
#include "suite/results/consensus_row.hpp"
#include "suite/results/results.hpp"
#include "suite/stats/gpu_health.hpp"

namespace autobench::result_file {

struct RankSummary {
  results::RankResult rank;                       // the rank, its device and errors; no campaigns
  std::vector<results::CampaignSummary> campaigns;  // in the order its part keeps
  stats::GpuEvidence health;
  std::vector<results::ConsensusRow> consensus;  // its sweeps' rows over its complete campaigns
  std::string part_status = "written";           // "written", or "missing: <why>"
  std::string export_error;                      // why its CSV files could not be written ("" when they were)
  std::int64_t message_bytes = 0;                // set by rank 0: the bytes it received for this summary
};

// The part file of `rank`, relative to the run directory: "parts/rank<R>.h5".
inline std::string part_name(int rank) { return "parts/rank" + std::to_string(rank) + ".h5"; }

// Why the part of `s` is missing (its part_status without "missing: "); "" when it was written.
inline std::string part_problem(const RankSummary& s) {
  constexpr std::string_view kMissing = "missing: ";
  if (s.part_status == "written") return "";
  return s.part_status.rfind(kMissing, 0) == 0 ? s.part_status.substr(kMissing.size()) : s.part_status;
}

}  // namespace autobench::result_file
