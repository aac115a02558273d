// The sampled tuning strategy (see sampled_search.hpp).
#include "suite/autoscale/sampled_search.hpp"

#include <algorithm>
#include <random>
#include <string>

#include "suite/autoscale/exhaustive_search.hpp"

namespace autobench::autoscale {
namespace {

class SampledSearch final : public TuningStrategy {
 public:
  SampledSearch(int budget, std::uint64_t seed) : budget_(static_cast<std::size_t>(budget)), rng_(seed) {}

  TuningResult search(const std::vector<kernels::Tunables>& space, std::uint64_t n, ProbeSource& source) override {
    std::vector<kernels::Tunables> sample = space;
    if (sample.size() > budget_) {
      std::shuffle(sample.begin(), sample.end(), rng_);
      const auto previous = std::find_if(sample.begin(), sample.end(), [&](const kernels::Tunables& t) {
        return kernels::to_string(t) == previous_best_;
      });
      if (previous != sample.end()) std::iter_swap(sample.begin(), previous);
      sample.resize(budget_);
    }
    TuningResult found = exhaustive_->search(sample, n, source);
    previous_best_ = kernels::to_string(found.best);
    return found;
  }

 private:
  std::size_t budget_;
  std::mt19937_64 rng_;
  std::string previous_best_;
  std::unique_ptr<TuningStrategy> exhaustive_ = exhaustive_search();
};

}  // namespace

std::unique_ptr<TuningStrategy> sampled_search(int budget, std::uint64_t seed) {
  return std::make_unique<SampledSearch>(budget, seed);
}

}  // namespace autobench::autoscale
