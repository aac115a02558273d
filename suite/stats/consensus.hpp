// Consensus knees of a run: per sweep (rank, kernel, repeat) over its detectors, and per kernel x device
// model over its sweeps, by the rule of consensus_knee.hpp, with the curve's figures at the knee (pure logic).
#pragma once

#include <vector>

#include "suite/results/consensus_row.hpp"
#include "suite/results/results.hpp"

namespace autobench::stats {

// Rows ordered by kernel, then the kernel's model rows (by label, then regime), then its sweep rows (by rank,
// repeat). A sweep with an L2 hump (regime_knees.hpp: its rank's l2_bytes and its kernel's buffers) has a row
// per regime, cache then memory, voted on by every detector on that regime's sizes; a model has a row per
// regime its sweeps have, over those sweeps' rows of that regime. Every campaign with points votes; the
// caller chooses which campaigns are given (see consensus_of_complete).
std::vector<results::ConsensusRow> compute_consensus(const std::vector<results::RankResult>& ranks);

// What a results file stores: compute_consensus over the complete campaigns only.
std::vector<results::ConsensusRow> consensus_of_complete(const std::vector<results::RankResult>& ranks);

// A run written in parts: each rank's sweep rows over its complete campaigns (by kernel, then repeat), made
// where its points are; then rank 0's consensus from every rank's sweep rows (given in rank order), equal
// to consensus_of_complete over all ranks: the model rows need only the sweep rows.
std::vector<results::ConsensusRow> sweep_consensus_of_complete(const results::RankResult& rank);
std::vector<results::ConsensusRow> consensus_of_sweeps(std::vector<results::ConsensusRow> sweep_rows);

}  // namespace autobench::stats
