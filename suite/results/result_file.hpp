// A results file's content as read back: the run's provenance, every rank's campaigns, the stability
// statistics and the run's settings.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "suite/results/results.hpp"
#include "suite/stats/consensus.hpp"
#include "suite/stats/stability.hpp"

namespace autobench::results {

// The version of README.md's results-file schema this build writes and reads (root attribute schema_version).
inline constexpr std::int64_t kSchemaVersion = 1;

struct ResultFile {
  RunInfo info;
  std::vector<RankResult> ranks;  // in the order of /devices (the writer's order)
  std::vector<stats::StabilityRow> stability;
  std::vector<stats::ConsensusRow> consensus;  // /consensus, or computed from the campaigns for files without it
  std::string settings_json;
};

}  // namespace autobench::results
