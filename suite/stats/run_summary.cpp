// A results file without its points (see run_summary.hpp).
#include "suite/stats/run_summary.hpp"

namespace autobench::stats {

RunSummary summarize_run(const results::ResultFile& file) {
  RunSummary s;
  s.schema_version = file.schema_version;
  s.info = file.info;
  s.settings_json = file.settings_json;
  s.campaigns = results::summarize_campaigns(file.ranks);
  for (const auto& rank : file.ranks) {
    s.health.push_back(gpu_evidence(rank));
    s.ranks.push_back({.rank = rank.rank, .device = rank.device, .start_error = rank.start_error, .error = rank.error,
                       .campaigns = {}});
  }
  s.stability = file.stability;
  s.consensus = file.consensus;
  s.time_splits = file.time_splits;
  return s;
}

}  // namespace autobench::stats
