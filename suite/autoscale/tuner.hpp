// Searches a kernel's tuning configurations at one size and measures the best one as a curve point.
#pragma once

#include <optional>
#include <random>
#include <set>
#include <string>

#include "suite/autoscale/autoscale_settings.hpp"
#include "suite/autoscale/model_search.hpp"
#include "suite/results/results.hpp"

namespace autobench::autoscale {

class Tuner {
 public:
  explicit Tuner(const AutoscaleSettings& settings);

  // Verifies each configuration the first time it is seen (throws backend::VerificationError naming
  // it), searches the space (search tuner: exhaustive up to the budget, else a seeded sample plus the
  // previous best; model tuner: see model_search.hpp), and times the best configuration with the full
  // timing plan. The point records every configuration timed in the search and its probe time.
  results::Point measure(backend::Workload& workload, const kernels::KernelSpec& kernel, std::uint64_t n);
  // The configuration the last measure() chose (its point's tunables).
  const kernels::Tunables& best() const { return best_; }

 private:
  std::vector<kernels::Tunables> candidates(const std::vector<kernels::Tunables>& space, std::uint64_t n);
  kernels::Tunables search(backend::Workload& workload, std::uint64_t n, results::Point& p);

  const AutoscaleSettings& settings_;
  std::mt19937_64 rng_;
  std::set<std::string> verified_;
  std::string previous_best_;
  kernels::Tunables best_;
  std::optional<ModelSearch> model_;  // --tuner model
};

// Mean, median, min, sample stddev and count of the timed iterations, plus what the device saw.
results::Point summarize(const backend::Timing& timing, const kernels::KernelSpec& kernel, std::uint64_t n);

}  // namespace autobench::autoscale
