// The tuning strategy of a run's settings (see tuning_strategies.hpp).
#include "suite/autoscale/tuning_strategies.hpp"

#include "suite/autoscale/model_guided_search.hpp"
#include "suite/autoscale/sampled_search.hpp"

namespace autobench::autoscale {

std::unique_ptr<TuningStrategy> make_tuning_strategy(const AutoscaleSettings& settings, ModelSearch::Launches launches) {
  if (settings.tuner == TunerKind::model)
    return model_guided_search(settings.tune_budget, settings.tuner_top_k, settings.tuner_random,
                               settings.tuner_incumbents, std::move(launches), settings.seed);
  return sampled_search(settings.tune_budget, settings.seed);
}

}  // namespace autobench::autoscale
