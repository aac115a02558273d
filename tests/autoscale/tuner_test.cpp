// The tuner: timing summaries (the statistics recorded for every size) and its search: the budget,
// keeping the previous best, verifying each configuration once, on a workload with known times.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "suite/autoscale/tuner.hpp"

namespace ab = autobench;

TEST(Summarize, MeanMedianMinStddevCountAndThroughput) {
  ab::backend::Timing t;
  t.seconds = {4e-3, 1e-3, 3e-3, 2e-3};
  t.sm_clock_mhz = 1500;
  const auto& vecadd = *ab::kernels::find("vecadd");
  const auto p = ab::autoscale::summarize(t, vecadd, 1000000);
  EXPECT_EQ(p.size, 1000000u);
  EXPECT_EQ(p.iterations, 4);
  EXPECT_DOUBLE_EQ(p.time_mean_s, 2.5e-3);
  EXPECT_DOUBLE_EQ(p.time_median_s, 2.5e-3);
  EXPECT_DOUBLE_EQ(p.time_min_s, 1e-3);
  EXPECT_NEAR(p.time_stddev_s, 1.2909944487358056e-3, 1e-15);  // sample stddev of 1,2,3,4 ms
  EXPECT_DOUBLE_EQ(p.throughput, 12e6 / 2.5e-3 * 1e-9);          // 12 bytes per element, GB/s
  EXPECT_DOUBLE_EQ(p.sm_clock_mhz, 1500);
}

namespace autobench::autoscale {
namespace {

// Configurations {"I": 0..n-1}; configuration i takes seconds(i), the fastest being `fastest`.
class KnownWorkload final : public backend::Workload {
 public:
  KnownWorkload(int n, int fastest) : n_(n), fastest_(fastest) {}

  std::vector<kernels::Tunables> configurations() const override {
    std::vector<kernels::Tunables> out;
    for (int i = 0; i < n_; ++i) out.push_back({{"I", i}});
    return out;
  }
  void verify(const kernels::Tunables& config) override {
    ++verified[index(config)];
    if (index(config) == broken) throw backend::VerificationError("I=" + std::to_string(broken) + " is wrong");
  }
  backend::Timing time(const kernels::Tunables& config, const backend::TimingPlan& plan) override {
    const int i = index(config);
    EXPECT_GT(verified[i], 0) << "I=" << i << " timed before it was verified";
    (plan.iterations == probe_iterations ? probed : measured).push_back(i);
    backend::Timing t;
    t.seconds.assign(static_cast<std::size_t>(plan.iterations), seconds(i));
    return t;
  }
  std::uint64_t allocated_bytes() const override { return 0; }

  double seconds(int i) const { return i == fastest_ ? 1e-3 : 2e-3 + 1e-6 * i; }
  static int index(const kernels::Tunables& c) { return static_cast<int>(c.at("I")); }

  int probe_iterations = 3;
  int broken = -1;
  std::map<int, int> verified;  // configuration -> verify() calls
  std::vector<int> probed;      // configurations timed by the search, in order
  std::vector<int> measured;    // configurations timed with the full plan

 private:
  int n_, fastest_;
};

AutoscaleSettings settings_with_budget(int budget) {
  AutoscaleSettings s;
  s.tune_budget = budget;
  s.tune_iterations = 3;
  s.timing.iterations = 8;
  s.seed = 7;
  return s;
}

const kernels::KernelSpec& vecadd() { return *kernels::find("vecadd"); }

TEST(TunerSearch, SpaceWithinTheBudgetIsSearchedExhaustively) {
  const auto s = settings_with_budget(8);
  Tuner tuner(s);
  KnownWorkload w(6, 4);
  const auto p = tuner.measure(w, vecadd(), 1024);
  EXPECT_EQ(std::set<int>(w.probed.begin(), w.probed.end()), (std::set<int>{0, 1, 2, 3, 4, 5}));
  EXPECT_EQ(w.probed.size(), 6u);
  EXPECT_EQ(w.measured, std::vector<int>{4});
  EXPECT_EQ(p.tunables, "I=4");
  EXPECT_EQ(KnownWorkload::index(tuner.best()), 4);
  EXPECT_EQ(p.iterations, 8);
}

TEST(TunerSearch, LargerSpaceTimesExactlyTheBudget) {
  const auto s = settings_with_budget(5);
  Tuner tuner(s);
  KnownWorkload w(40, 39);
  tuner.measure(w, vecadd(), 1024);
  EXPECT_EQ(w.probed.size(), 5u);
  EXPECT_EQ(std::set<int>(w.probed.begin(), w.probed.end()).size(), 5u);  // 5 distinct configurations
  EXPECT_EQ(w.verified.size(), 5u);  // only the sampled ones are verified
  ASSERT_EQ(w.measured.size(), 1u);
  // The chosen one is the fastest of the sample.
  int fastest = w.probed.front();
  for (int i : w.probed)
    if (w.seconds(i) < w.seconds(fastest)) fastest = i;
  EXPECT_EQ(w.measured.front(), fastest);
}

TEST(TunerSearch, KeepsThePreviousBestInEverySample) {
  const auto s = settings_with_budget(4);
  Tuner tuner(s);
  KnownWorkload w(10, 9);
  int previous = -1;
  double previous_time = 1.0;
  for (int size = 0; size < 12; ++size) {
    w.probed.clear();
    w.measured.clear();
    tuner.measure(w, vecadd(), 1024);
    ASSERT_EQ(w.probed.size(), 4u);
    if (previous >= 0) {
      EXPECT_NE(std::find(w.probed.begin(), w.probed.end(), previous), w.probed.end())
          << "the previous best I=" << previous << " was not searched again";
    }
    const int best = w.measured.front();
    EXPECT_LE(w.seconds(best), previous_time);  // never worse than the previous best
    previous = best;
    previous_time = w.seconds(best);
  }
  EXPECT_EQ(previous, 9);  // the samples met the fastest (seed 7), which was then kept
}

TEST(TunerSearch, VerifiesEachConfigurationOnceOverManySizes) {
  const auto s = settings_with_budget(6);
  Tuner tuner(s);
  KnownWorkload w(20, 3);
  for (int size = 0; size < 10; ++size) tuner.measure(w, vecadd(), 1024);
  EXPECT_GT(w.verified.size(), 6u);  // later samples brought new configurations
  for (const auto& [config, calls] : w.verified) EXPECT_EQ(calls, 1) << "I=" << config;
}

TEST(TunerSearch, AWrongConfigurationStopsTheSearchNamingIt) {
  const auto s = settings_with_budget(8);
  Tuner tuner(s);
  KnownWorkload w(4, 0);
  w.broken = 2;
  try {
    tuner.measure(w, vecadd(), 1024);
    FAIL() << "no VerificationError";
  } catch (const backend::VerificationError& e) {
    EXPECT_STREQ(e.what(), "I=2 is wrong");
  }
  EXPECT_TRUE(w.probed.empty());  // every configuration is verified before any is timed
}

// Configuration I takes (I + 1) ms at size 1 and (I + 1)^2 ms at size 2: with --tune-prune 8, I >= 2
// are more than 8x slower than I = 0 at size 2 and further behind than at size 1, so later sizes skip them.
class DivergingWorkload final : public backend::Workload {
 public:
  explicit DivergingWorkload(std::uint64_t size) : size_(size) {}
  std::vector<kernels::Tunables> configurations() const override {
    std::vector<kernels::Tunables> out;
    for (int i = 0; i < 12; ++i) out.push_back({{"I", i}});
    return out;
  }
  void verify(const kernels::Tunables&) override {}
  backend::Timing time(const kernels::Tunables& config, const backend::TimingPlan& plan) override {
    const double i = static_cast<double>(config.at("I"));
    if (plan.iterations == 3) probed.push_back(static_cast<int>(i));
    backend::Timing t;
    t.seconds.assign(static_cast<std::size_t>(plan.iterations), 1e-3 * (size_ == 1 ? i + 1 : (i + 1) * (i + 1)));
    return t;
  }
  std::uint64_t allocated_bytes() const override { return 0; }
  std::vector<int> probed;

 private:
  std::uint64_t size_;
};

TEST(TunerSearch, DropsConfigurationsFarSlowerAndFallingBehind) {
  auto s = settings_with_budget(32);
  s.tune_prune = 8.0;
  Tuner tuner(s);
  for (std::uint64_t size : {1, 2}) {
    DivergingWorkload w(size);
    tuner.measure(w, vecadd(), 1024);
    EXPECT_EQ(w.probed.size(), 12u) << "size " << size;
  }
  DivergingWorkload w(2);
  const auto p = tuner.measure(w, vecadd(), 1024);
  EXPECT_EQ(w.probed, (std::vector<int>{0, 1}));  // I = 1: 4x; I = 2: 9x at size 2 (3x at size 1)
  EXPECT_EQ(p.tune_measured, 2);
  EXPECT_EQ(p.tunables, "I=0");

  s.tune_prune = 0.0;  // off: every configuration at every size
  Tuner all(s);
  for (std::uint64_t size : {1, 2, 2}) {
    DivergingWorkload v(size);
    all.measure(v, vecadd(), 1024);
    EXPECT_EQ(v.probed.size(), 12u);
  }
}

TEST(TunerSearch, RecordsTheCompiledResourcesOfEachConfigurationTimedOnce) {
  const auto s = settings_with_budget(8);
  std::map<std::string, int> asked;
  const CompiledResources compiled = [&](const kernels::Tunables& c) -> std::optional<kernels::BlockResources> {
    ++asked[kernels::to_string(c)];
    if (KnownWorkload::index(c) == 5) return std::nullopt;  // one the backend does not know
    return kernels::BlockResources{32.0 + KnownWorkload::index(c), 1024.0 * KnownWorkload::index(c)};
  };
  Tuner tuner(s, {}, compiled);
  KnownWorkload w(6, 4);
  const auto p = tuner.measure(w, vecadd(), 1024);
  EXPECT_EQ(p.tune_resources, "I=0@32/0;I=1@33/1024;I=2@34/2048;I=3@35/3072;I=4@36/4096");
  EXPECT_EQ(asked.size(), 6u) << "every configuration timed was asked";
  for (const auto& [name, count] : asked) EXPECT_EQ(count, 1) << name << ": asked once";
  // Without them (the sim backend) nothing is recorded.
  Tuner plain(s);
  KnownWorkload v(6, 4);
  EXPECT_EQ(plain.measure(v, vecadd(), 1024).tune_resources, "");
}

TEST(TunerSearch, ASingleConfigurationIsNotSearched) {
  const auto s = settings_with_budget(8);
  Tuner tuner(s);
  KnownWorkload w(1, 0);
  tuner.measure(w, vecadd(), 1024);
  EXPECT_TRUE(w.probed.empty());
  EXPECT_EQ(w.measured, std::vector<int>{0});
  EXPECT_EQ(w.verified.at(0), 1);
}

}  // namespace
}  // namespace autobench::autoscale
