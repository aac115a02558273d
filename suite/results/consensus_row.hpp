// One consensus knee as a results file holds it: of one sweep over its detectors, or of one kernel x device
// model over its sweeps (computed by stats/consensus.hpp, written and read with results/consensus_fields.hpp).
#pragma once

#include <string>

#include "suite/results/device_info.hpp"

namespace autobench::results {

struct ConsensusRow {
  std::string kernel;
  std::string scope;   // "model" (over the model's sweeps) or "sweep" (over one sweep's detectors)
  std::string group;   // the model label, or "rank<R>/repeat<K>"
  std::string model;   // the model label (model_label: "sim: " prefixed on the sim backend)
  int rank = -1, repeat = -1;  // the sweep's; -1 at model scope
  std::string metric_unit;
  // The regime the knee belongs to (detect/regimes.hpp): "single" (a curve without an L2 hump), "cache"
  // (cache-resident, up to the throughput peak) or "memory" (from the fall-out point on); the timing of
  // its campaigns ("warm", "cold"; "" when not recorded), and the sizes its regime spans (sweep: the
  // regime's first and last measured size; model: medians over its sweeps). A sweep with a hump has one
  // row per regime, each voted on by every detector on that regime's sizes alone.
  std::string regime = "single";
  std::string timing;
  double regime_first_size = kNaN, regime_last_size = kNaN;
  int voters = 0;       // sweep: detectors that ran; model: sweeps
  int knees_found = 0;  // sweep: detectors whose knee was found; model: sweeps with a consensus
  int agreeing = 0;     // the largest group whose 95% intervals share a size
  bool found = false;   // the consensus exists
  double knee_size = kNaN, knee_low_size = kNaN, knee_high_size = kNaN;
  std::string members;  // the agreeing detectors (sweep) or sweeps (model), comma separated
  // At the knee (sweep: the curve's point at the consensus size; model: medians over the agreeing sweeps).
  double throughput = kNaN;
  double power_w = kNaN;
  double efficiency = kNaN;  // work per joule
  double plateau = kNaN;     // the curve's plateau (detect/quality.hpp); model: median over its sweeps
  double ceiling = kNaN;     // the curve's highest throughput; model: median over its sweeps
  // Model scope: spread of the sweeps' consensus sizes (population stddev / mean). repeat_cv: the median over
  // the model's devices of the spread over that device's repeats (2 or more knees); device_cv: the spread of
  // the devices' median knees (2 or more devices). NaN when not defined.
  double repeat_cv = kNaN, device_cv = kNaN;
};

}  // namespace autobench::results
