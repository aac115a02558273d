// A rank's measuring order (see rank_plan.hpp).
#include "suite/dataset/rank_plan.hpp"

#include <algorithm>
#include <random>

namespace autobench::dataset {

void extend_plan(std::vector<Sample>& plan, const std::vector<LaunchConfig>& more, int rank, std::uint64_t seed,
                 double test_fraction) {
  for (const auto& c : more) {
    Sample s;
    s.id = plan.size();
    s.config = c;
    s.test = in_test_split(split_key(rank, s.id), seed, test_fraction);
    plan.push_back(std::move(s));
  }
}

std::vector<Sample> rank_plan(const std::vector<KernelSample>& kernels, int rank, std::uint64_t seed, double test_fraction) {
  std::mt19937_64 rng(seed * 0xA24BAED4963EE407ull + static_cast<std::uint64_t>(rank));
  std::vector<std::vector<LaunchConfig>> shuffled;
  std::size_t longest = 0;
  for (const auto& k : kernels) {
    shuffled.push_back(k.configs);
    std::shuffle(shuffled.back().begin(), shuffled.back().end(), rng);
    longest = std::max(longest, k.configs.size());
  }
  std::vector<LaunchConfig> order;
  for (std::size_t i = 0; i < longest; ++i)
    for (const auto& k : shuffled)
      if (i < k.size()) order.push_back(k[i]);
  std::vector<Sample> plan;
  extend_plan(plan, order, rank, seed, test_fraction);
  return plan;
}

}  // namespace autobench::dataset
