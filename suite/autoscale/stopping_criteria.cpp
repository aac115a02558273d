// The stopping criteria by name (see stopping_criteria.hpp).
#include "suite/autoscale/stopping_criteria.hpp"

#include <stdexcept>

#include "suite/autoscale/stdrel_criterion.hpp"

namespace autobench::autoscale {

const std::vector<StoppingCriterionEntry>& stopping_criteria() {
  static const std::vector<StoppingCriterionEntry> criteria{
      {"stdrel", "until the relative standard error of the mean time reaches --noise-target", stdrel_criterion},
  };
  return criteria;
}

std::unique_ptr<StoppingCriterion> make_stopping_criterion(const NoiseStop& stop) {
  std::string names;
  for (const auto& entry : stopping_criteria()) {
    if (entry.name == stop.criterion) return entry.make(stop);
    names += (names.empty() ? "" : ", ") + entry.name;
  }
  throw std::invalid_argument("unknown stopping criterion '" + stop.criterion + "' (allowed: " + names + ")");
}

}  // namespace autobench::autoscale
