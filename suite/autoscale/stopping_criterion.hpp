// When one size has been timed often enough: the stopping-criterion interface (after nvbench's stopping
// criteria) and the loop that times a size in batches until its criterion is met.
#pragma once

#include <functional>
#include <vector>

#include "suite/backend/device.hpp"

namespace autobench::autoscale {

// Asked after every batch of timed launches at one size; the criteria are chosen by name from
// stopping_criteria.hpp's table (docs/architecture.md says how to add one).
class StoppingCriterion {
 public:
  virtual ~StoppingCriterion() = default;
  // How many more launches to time at the size after `seconds` (every launch timed there so far, in
  // order); 0: the size is done.
  virtual int more_launches(const std::vector<double>& seconds) const = 0;
};

// Times launches in batches.
using TimeBatch = std::function<backend::Timing(int launches)>;

// `first` (the size's timing plan), then batches of more_launches() launches through `batch` while the
// criterion asks for them: their seconds appended in order, clock-event reasons or-ed, the highest
// temperature kept.
backend::Timing time_until_stopped(backend::Timing first, const StoppingCriterion& criterion, const TimeBatch& batch);

}  // namespace autobench::autoscale
