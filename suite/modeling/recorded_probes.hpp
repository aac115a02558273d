// A recorded sweep's tuner probes as a pool of measured points: what the model tuner replay needs to
// replay a sweep whose tuner timed every configuration at every size (`--tune-budget` >= the space).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "kernels/kernel.hpp"
#include "suite/modeling/model_run.hpp"
#include "suite/results/results.hpp"

namespace autobench::modeling {

struct ProbePool {
  std::vector<std::string> names;  // the tunables, then "size"
  Samples samples;                 // one row per (size, configuration probed), all of rank 0
  // The compiled block resources recorded (tune_resources), by kernels::to_string of the configuration;
  // empty when the sweep's backend compiled nothing (or it was recorded before they were).
  std::map<std::string, kernels::BlockResources> resources;
};

// The probes ("CONFIG@SECONDS;..." with CONFIG as kernels::to_string writes it) of `points`, one size
// once (a later point at a size already seen, e.g. a refinement, is skipped), and the resources
// ("CONFIG@REGISTERS/SHARED_BYTES;...") of every point. Throws std::invalid_argument naming the size for
// a malformed probe or resource list, no probes at all, or a size whose configurations differ from the
// first size's (the replay needs the same whole space at every size).
ProbePool probe_pool(const std::vector<results::Point>& points);

}  // namespace autobench::modeling
