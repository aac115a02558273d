// A results file's content as read back: the run's provenance, every rank's campaigns, the stability
// statistics and the run's settings.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "suite/results/consensus_row.hpp"
#include "suite/results/results.hpp"
#include "suite/results/stability_row.hpp"
#include "suite/results/time_split.hpp"

namespace autobench::results {

// The version of the results-file schema this build writes (root attribute schema_version): 3 is a run
// written in parts (a root file linking each rank's part file, with /summary tables); 2 stores each sweep
// once under /sweeps and lets the campaigns refer to it (docs/output.md), and is what a single file still
// is; 1 held every campaign's points in its own group. The reader reads all three.
inline constexpr std::int64_t kSchemaVersion = 3;
inline constexpr std::int64_t kSingleFileSchemaVersion = 2;
inline constexpr std::int64_t kOldestSchemaVersion = 1;

struct ResultFile {
  // The file's (as read); as written, a single file's (a run in parts is written from its ranks' summaries).
  std::int64_t schema_version = kSingleFileSchemaVersion;
  RunInfo info;
  std::vector<RankResult> ranks;  // in the order of /devices (the writer's order)
  std::vector<StabilityRow> stability;
  std::vector<ConsensusRow> consensus;  // /consensus, or computed from the campaigns for files without it
  std::string settings_json;
  std::vector<RankTimeSplit> time_splits;  // one per rank with a split (none in files from before splits)
};

}  // namespace autobench::results
