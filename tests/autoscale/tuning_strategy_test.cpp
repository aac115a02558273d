// The tuning-strategy seam: exhaustive, sampled and model-guided searches driven by a fake probe source
// with known times (as the offline replay swaps in recorded probes), and the strategy --tuner names.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "suite/autoscale/exhaustive_search.hpp"
#include "suite/autoscale/sampled_search.hpp"
#include "suite/autoscale/tuning_strategies.hpp"

namespace autobench::autoscale {
namespace {

// Configuration {"I": i} takes 2 ms + i us at every size, except `fastest` (1 ms); records every probe.
class KnownProbes final : public ProbeSource {
 public:
  explicit KnownProbes(int fastest) : fastest_(fastest) {}
  std::vector<double> probe(const std::vector<kernels::Tunables>& configs, std::uint64_t n) override {
    std::vector<double> seconds;
    for (const auto& c : configs) {
      const int i = static_cast<int>(c.at("I"));
      probed.push_back(i);
      sizes.insert(n);
      seconds.push_back(i == fastest_ ? 1e-3 : 2e-3 + 1e-6 * i);
    }
    return seconds;
  }
  std::vector<int> probed;
  std::set<std::uint64_t> sizes;

 private:
  int fastest_;
};

std::vector<kernels::Tunables> space(int n) {
  std::vector<kernels::Tunables> out;
  for (int i = 0; i < n; ++i) out.push_back({{"I", i}});
  return out;
}

int index(const kernels::Tunables& c) { return static_cast<int>(c.at("I")); }

TEST(TuningStrategy, ExhaustiveProbesEveryConfigurationOnceAndFindsTheFastest) {
  KnownProbes probes(3);
  const TuningResult found = exhaustive_search()->search(space(6), 1024, probes);
  EXPECT_EQ(probes.probed, (std::vector<int>{0, 1, 2, 3, 4, 5}));
  EXPECT_EQ(probes.sizes, (std::set<std::uint64_t>{1024}));
  EXPECT_EQ(index(found.best), 3);
  EXPECT_EQ(found.timed.size(), 6u);
  EXPECT_EQ(found.first_round, 6u);
  EXPECT_FALSE(found.guided);
}

TEST(TuningStrategy, ASingleCandidateIsFoundWithoutAProbe) {
  KnownProbes probes(0);
  AutoscaleSettings model;
  model.tuner = TunerKind::model;
  for (const auto& strategy : {exhaustive_search(), sampled_search(4, 1), make_tuning_strategy(model)}) {
    EXPECT_EQ(index(strategy->search(space(1), 64, probes).best), 0);
  }
  EXPECT_TRUE(probes.probed.empty());
}

TEST(TuningStrategy, SampledProbesTheBudgetAndKeepsThePreviousBest) {
  KnownProbes probes(9);
  const auto sampled = sampled_search(4, 7);
  int previous = -1;
  for (std::uint64_t n = 100; n < 1300; n += 100) {
    probes.probed.clear();
    const TuningResult found = sampled->search(space(10), n, probes);
    EXPECT_EQ(probes.probed.size(), 4u);
    EXPECT_EQ(std::set<int>(probes.probed.begin(), probes.probed.end()).size(), 4u);
    if (previous >= 0) {
      EXPECT_EQ(probes.probed.front(), previous) << "size " << n;
    }
    previous = index(found.best);
  }
  EXPECT_EQ(previous, 9);  // once sampled, the fastest stays
}

TEST(TuningStrategy, SampledWithinTheBudgetIsExhaustive) {
  KnownProbes a(2), b(2);
  const TuningResult found = sampled_search(8, 1)->search(space(5), 10, a);
  exhaustive_search()->search(space(5), 10, b);
  EXPECT_EQ(a.probed, b.probed);
  EXPECT_EQ(index(found.best), 2);
}

TEST(TuningStrategy, TheTunerSettingNamesTheStrategyAndAModelGuidesAfterTheWarmUp) {
  AutoscaleSettings search;
  search.tune_budget = 3;
  KnownProbes sampled(0);
  make_tuning_strategy(search)->search(space(10), 10, sampled);
  EXPECT_EQ(sampled.probed.size(), 3u);

  AutoscaleSettings model;
  model.tuner = TunerKind::model;
  model.tune_budget = 4;
  model.tuner_top_k = 3;
  const auto guided = make_tuning_strategy(model);
  KnownProbes probes(5);
  std::vector<bool> guided_at;
  for (std::uint64_t n = 1000; n <= 5000; n += 1000) {
    const TuningResult found = guided->search(space(12), n, probes);
    guided_at.push_back(found.guided);
    EXPECT_FALSE(found.timed.empty());
  }
  EXPECT_EQ(guided_at, (std::vector<bool>{false, false, true, true, true}));
  EXPECT_EQ(probes.sizes.size(), 5u);
}

}  // namespace
}  // namespace autobench::autoscale
