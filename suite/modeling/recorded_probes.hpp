// A recorded sweep's tuner probes as a pool of measured points: what the model tuner replay needs to
// replay a sweep whose tuner timed every configuration at every size (`--tune-budget` >= the space).
#pragma once

#include <string>
#include <vector>

#include "suite/modeling/model_run.hpp"
#include "suite/results/results.hpp"

namespace autobench::modeling {

struct ProbePool {
  std::vector<std::string> names;  // the tunables, then "size"
  Samples samples;                 // one row per (size, configuration probed), all of rank 0
};

// The probes ("CONFIG@SECONDS;..." with CONFIG as kernels::to_string writes it) of `points`, one size
// once (a later point at a size already seen, e.g. a refinement, is skipped). Throws
// std::invalid_argument naming the size for a malformed probe list, no probes at all, or a size whose
// configurations differ from the first size's (the replay needs the same whole space at every size).
ProbePool probe_pool(const std::vector<results::Point>& points);

}  // namespace autobench::modeling
