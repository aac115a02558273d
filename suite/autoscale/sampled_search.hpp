// The sampled tuning strategy: a seeded sample of a space larger than the budget, keeping the previous best.
#pragma once

#include <cstdint>
#include <memory>

#include "suite/autoscale/tuning_strategy.hpp"

namespace autobench::autoscale {

// A space of at most `budget` configurations is searched exhaustively; a larger one is shuffled (a
// generator seeded with `seed`), the configuration found at the previous size moved to the front, and
// the first `budget` searched exhaustively (`--tuner search`).
std::unique_ptr<TuningStrategy> sampled_search(int budget, std::uint64_t seed);

}  // namespace autobench::autoscale
