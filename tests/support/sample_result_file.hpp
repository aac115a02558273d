// The sample runs of tests/results/sample_results.hpp as a read-back results file, for the report tests.
#pragma once

#include "suite/result_file/result_reader.hpp"
#include "suite/stats/consensus.hpp"
#include "suite/stats/stability.hpp"
#include "tests/results/sample_results.hpp"

namespace autobench::testing {

// Run info and ranks from the samples, stability and consensus computed from them, settings "{}".
inline results::ResultFile sample_result_file() {
  results::ResultFile f;
  f.info = sample_run_info();
  f.ranks = sample_ranks();
  f.stability = stats::compute_stability(f.ranks);
  f.consensus = stats::compute_consensus(f.ranks);
  f.settings_json = "{}";
  return f;
}

}  // namespace autobench::testing
