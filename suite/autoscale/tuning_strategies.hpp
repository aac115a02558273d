// The tuning strategy a run's settings name (--tuner).
#pragma once

#include <memory>

#include "suite/autoscale/autoscale_settings.hpp"
#include "suite/autoscale/model_search.hpp"
#include "suite/autoscale/tuning_strategy.hpp"

namespace autobench::autoscale {

// search: sampled_search(tune_budget) (exhaustive for spaces within the budget); model:
// model_guided_search(tune_budget, tuner_top_k, tuner_random, tuner_incumbents, launches). Seeded with
// settings.seed.
std::unique_ptr<TuningStrategy> make_tuning_strategy(const AutoscaleSettings& settings,
                                                     ModelSearch::Launches launches = {});

}  // namespace autobench::autoscale
