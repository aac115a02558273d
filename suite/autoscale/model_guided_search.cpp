// The model-guided tuning strategy (see model_guided_search.hpp).
#include "suite/autoscale/model_guided_search.hpp"

#include <random>

namespace autobench::autoscale {
namespace {

class ModelGuidedSearch final : public TuningStrategy {
 public:
  ModelGuidedSearch(ModelSearch search, std::uint64_t seed) : search_(std::move(search)), rng_(seed) {}

  TuningResult search(const std::vector<kernels::Tunables>& space, std::uint64_t n, ProbeSource& source) override {
    if (space.size() == 1) {
      TuningResult found;
      found.best = space.front();
      return found;
    }
    return search_.search(space, n, rng_, [&](const std::vector<kernels::Tunables>& configs) {
      return source.probe(configs, n);
    });
  }

 private:
  ModelSearch search_;
  std::mt19937_64 rng_;
};

}  // namespace

std::unique_ptr<TuningStrategy> model_guided_search(int warmup_budget, int top_k, int random, int incumbents,
                                                    ModelSearch::Launches launches, std::uint64_t seed) {
  return std::make_unique<ModelGuidedSearch>(ModelSearch(warmup_budget, top_k, random, incumbents, std::move(launches)),
                                             seed);
}

}  // namespace autobench::autoscale
