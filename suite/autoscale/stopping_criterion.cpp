// Timing a size until its stopping criterion is met (see stopping_criterion.hpp).
#include "suite/autoscale/stopping_criterion.hpp"

namespace autobench::autoscale {

backend::Timing time_until_stopped(backend::Timing first, const StoppingCriterion& criterion, const TimeBatch& batch) {
  backend::Timing timing = std::move(first);
  for (int more; (more = criterion.more_launches(timing.seconds)) > 0;) {
    const backend::Timing next = batch(more);
    timing.seconds.insert(timing.seconds.end(), next.seconds.begin(), next.seconds.end());
    timing.clock_event_reasons |= next.clock_event_reasons;
    if (!(timing.temperature_c >= next.temperature_c)) timing.temperature_c = next.temperature_c;
  }
  return timing;
}

}  // namespace autobench::autoscale
