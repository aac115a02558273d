// The table of per-size stopping criteria by name (as nvbench's criterion manager): a criterion is one
// file and one line in stopping_criteria.cpp.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "suite/autoscale/noise_stop.hpp"
#include "suite/autoscale/stopping_criterion.hpp"

namespace autobench::autoscale {

struct StoppingCriterionEntry {
  std::string name;
  std::string description;  // one line
  std::function<std::unique_ptr<StoppingCriterion>(const NoiseStop& stop)> make;
};

// Every criterion, the default ("stdrel") first.
const std::vector<StoppingCriterionEntry>& stopping_criteria();

// The criterion named stop.criterion with the limits of `stop`; throws std::invalid_argument naming the
// name and the criteria there are.
std::unique_ptr<StoppingCriterion> make_stopping_criterion(const NoiseStop& stop);

}  // namespace autobench::autoscale
