// The model-guided tuning strategy (`--tuner model`): ModelSearch (model_search.hpp) behind the
// TuningStrategy interface.
#pragma once

#include <cstdint>
#include <memory>

#include "suite/autoscale/model_search.hpp"
#include "suite/autoscale/tuning_strategy.hpp"

namespace autobench::autoscale {

// ModelSearch(warmup_budget, top_k, random, incumbents, launches) with a generator seeded with `seed`; a
// single configuration is found without a probe.
std::unique_ptr<TuningStrategy> model_guided_search(int warmup_budget, int top_k, int random, int incumbents,
                                                    ModelSearch::Launches launches, std::uint64_t seed);

}  // namespace autobench::autoscale
