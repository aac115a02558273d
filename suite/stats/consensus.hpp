// Consensus knees of a run: per sweep (rank, kernel, repeat) over its detectors, and per kernel x device
// model over its sweeps, by the rule of consensus_knee.hpp, with the curve's figures at the knee (pure logic).
#pragma once

#include <vector>

#include "suite/results/consensus_row.hpp"
#include "suite/results/results.hpp"

namespace autobench::stats {

// Rows ordered by kernel, then the kernel's model rows (by label), then its sweep rows (by rank, repeat).
// Every campaign with points votes; the caller chooses which campaigns are given (see consensus_of_complete).
std::vector<results::ConsensusRow> compute_consensus(const std::vector<results::RankResult>& ranks);

// What a results file stores: compute_consensus over the complete campaigns only.
std::vector<results::ConsensusRow> consensus_of_complete(const std::vector<results::RankResult>& ranks);

}  // namespace autobench::stats
