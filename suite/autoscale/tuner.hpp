// Searches a kernel's tuning configurations at one size and measures the best one as a curve point.
#pragma once

#include <functional>
#include <memory>
#include <set>
#include <string>

#include "suite/autoscale/autoscale_settings.hpp"
#include "suite/autoscale/config_pruning.hpp"
#include "suite/backend/device.hpp"
#include "suite/autoscale/model_search.hpp"
#include "suite/autoscale/stopping_criterion.hpp"
#include "suite/autoscale/tuning_strategy.hpp"
#include "suite/results/results.hpp"

namespace autobench::autoscale {

class Tuner {
 public:
  // `launches`: the kernel's launches on the device, for the model tuner (launches_on()); `compiled`:
  // each configuration's compiled block resources, recorded in the points (tune_resources).
  explicit Tuner(const AutoscaleSettings& settings, ModelSearch::Launches launches = {},
                 CompiledResources compiled = {});

  // Runs the timed launches of the best configuration and returns their timing.
  using Timed = std::function<backend::Timing()>;
  // Wraps those timed launches, e.g. to sample power meanwhile; must call `timed` once and return its result.
  using AroundTiming = std::function<backend::Timing(const Timed& timed)>;

  // Verifies each configuration the first time it is seen (throws backend::VerificationError naming
  // it), searches the space with the settings' tuning strategy (tuning_strategies.hpp: search,
  // exhaustive up to the budget, else a seeded sample plus the previous best; model: model_search.hpp)
  // without the configurations settings.tune_prune dropped at earlier sizes (config_pruning.hpp),
  // probing the device (device_probes.hpp), and times the best configuration with the kernel's timing
  // plan (timing_for), adding launches while settings.noise_stop's stopping criterion asks for them (all
  // of it through `around` when set). The point records every configuration timed in the search and its
  // probe time, and the compiled block resources of each where known.
  results::Point measure(backend::Workload& workload, const kernels::KernelSpec& kernel, std::uint64_t n,
                         const AroundTiming& around = {});
  // The configuration the last measure() chose (its point's tunables).
  const kernels::Tunables& best() const { return best_; }

 private:
  // The strategy's search at size n without the pruned configurations; `p` records its probes.
  kernels::Tunables search(backend::Workload& workload, const backend::TimingPlan& plan, std::uint64_t n,
                           results::Point& p);

  const AutoscaleSettings& settings_;
  std::set<std::string> verified_;
  kernels::Tunables best_;
  CompiledResources compiled_;
  std::unique_ptr<TuningStrategy> strategy_;  // --tuner (tuning_strategies.hpp)
  ConfigPruning pruning_;                     // --tune-prune
  std::unique_ptr<StoppingCriterion> stop_;   // settings.noise_stop's criterion
};

// Mean, median, min, sample stddev, relative standard error and count of the timed iterations, the
// throughput from the `estimator` time, plus what the device saw (`throttled` under a throttle reason).
results::Point summarize(const backend::Timing& timing, const kernels::KernelSpec& kernel, std::uint64_t n,
                         Estimator estimator = Estimator::mean);

}  // namespace autobench::autoscale
