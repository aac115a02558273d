// Consensus knees of a run: per sweep (rank, kernel, repeat) over its detectors, and per kernel x device
// model over its sweeps, by the rule of consensus_knee.hpp, with the curve's figures at the knee (pure logic).
#pragma once

#include <string>
#include <vector>

#include "suite/results/results.hpp"

namespace autobench::stats {

struct ConsensusRow {
  std::string kernel;
  std::string scope;   // "model" (over the model's sweeps) or "sweep" (over one sweep's detectors)
  std::string group;   // the model label, or "rank<R>/repeat<K>"
  std::string model;   // the model label (model_label: "sim: " prefixed on the sim backend)
  int rank = -1, repeat = -1;  // the sweep's; -1 at model scope
  std::string metric_unit;
  int voters = 0;       // sweep: detectors that ran; model: sweeps
  int knees_found = 0;  // sweep: detectors whose knee was found; model: sweeps with a consensus
  int agreeing = 0;     // the largest group whose 95% intervals share a size
  bool found = false;   // the consensus exists
  double knee_size = results::kNaN, knee_low_size = results::kNaN, knee_high_size = results::kNaN;
  std::string members;  // the agreeing detectors (sweep) or sweeps (model), comma separated
  // At the knee (sweep: the curve's point at the consensus size; model: medians over the agreeing sweeps).
  double throughput = results::kNaN;
  double power_w = results::kNaN;
  double efficiency = results::kNaN;  // work per joule
  double plateau = results::kNaN;     // the curve's plateau (detect/quality.hpp); model: median over its sweeps
  double ceiling = results::kNaN;     // the curve's highest throughput; model: median over its sweeps
  // Model scope: spread of the sweeps' consensus sizes (population stddev / mean). repeat_cv: the median over
  // the model's devices of the spread over that device's repeats (2 or more knees); device_cv: the spread of
  // the devices' median knees (2 or more devices). NaN when not defined.
  double repeat_cv = results::kNaN, device_cv = results::kNaN;
};

// Rows ordered by kernel, then the kernel's model rows (by label), then its sweep rows (by rank, repeat).
// Every campaign with points votes; the caller chooses which campaigns are given (see consensus_of_complete).
std::vector<ConsensusRow> compute_consensus(const std::vector<results::RankResult>& ranks);

// What a results file stores: compute_consensus over the complete campaigns only.
std::vector<ConsensusRow> consensus_of_complete(const std::vector<results::RankResult>& ranks);

}  // namespace autobench::stats
