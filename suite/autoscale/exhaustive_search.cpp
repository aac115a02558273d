// The exhaustive tuning strategy (see exhaustive_search.hpp).
#include "suite/autoscale/exhaustive_search.hpp"

#include <algorithm>

namespace autobench::autoscale {
namespace {

class ExhaustiveSearch final : public TuningStrategy {
 public:
  TuningResult search(const std::vector<kernels::Tunables>& space, std::uint64_t n, ProbeSource& source) override {
    TuningResult found;
    if (space.size() == 1) {
      found.best = space.front();
      return found;
    }
    found.seconds = source.probe(space, n);
    found.timed = space;
    found.first_round = found.searched = space.size();
    found.best = space[static_cast<std::size_t>(std::min_element(found.seconds.begin(), found.seconds.end()) -
                                                 found.seconds.begin())];
    return found;
  }
};

}  // namespace

std::unique_ptr<TuningStrategy> exhaustive_search() { return std::make_unique<ExhaustiveSearch>(); }

}  // namespace autobench::autoscale
