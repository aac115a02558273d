// How a size's tuning configurations are searched: the tuning-strategy interface (exhaustive, sampled,
// model-guided) and the probe source it times through (the device, or recorded timings for a replay).
#pragma once

#include <cmath>
#include <cstdint>
#include <vector>

#include "kernels/kernel.hpp"

namespace autobench::autoscale {

// Where a search's probe times come from: the device (device_probes.hpp) or a recording (the offline
// replay, suite/modeling/tuner_replay.cpp).
class ProbeSource {
 public:
  virtual ~ProbeSource() = default;
  // The probe times of `configs` at size n, each timed once, in order.
  virtual std::vector<double> probe(const std::vector<kernels::Tunables>& configs, std::uint64_t n) = 0;
};

// One size's search: every probe there in the order timed (configuration and probe time), how many the
// first round timed, how many were timed before a confirmation (model-guided: see model_search.hpp), the
// configuration found, what a model predicted for it (NaN without one) and whether a model chose the
// first round.
struct TuningResult {
  std::vector<kernels::Tunables> timed;
  std::vector<double> seconds;
  std::size_t first_round = 0;
  std::size_t searched = 0;
  kernels::Tunables best;
  double predicted_s = NAN;
  bool guided = false;
};

// A strategy searches one size at a time (sizes in the sweep's order) and may learn from earlier sizes.
// The strategies are made by make_tuning_strategy (tuning_strategies.hpp); docs/architecture.md says how
// to add one.
class TuningStrategy {
 public:
  virtual ~TuningStrategy() = default;
  // Searches size n of `space` (not empty), timing through `source`; a single candidate is the answer
  // without a probe.
  virtual TuningResult search(const std::vector<kernels::Tunables>& space, std::uint64_t n, ProbeSource& source) = 0;
};

}  // namespace autobench::autoscale
