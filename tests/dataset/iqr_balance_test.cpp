// IQR refinement on a synthetic skewed time distribution: the sparse decades get requests whose
// predicted times fall into them, until every decade is covered and none holds more than 3x the median.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>

#include "suite/dataset/iqr_balance.hpp"
#include "numerics/statistics.hpp"

namespace ds = autobench::dataset;

namespace {

// t = 2 us + 1 ns per thread; per decade of time 1500, 300, 20, 2 and 1 samples (2.5 us .. 50 ms):
// heavily skewed towards the short launches.
ds::KernelTimes skewed(std::uint64_t seed) {
  ds::KernelTimes k;
  k.kernel = "skew";
  std::mt19937_64 rng(seed);
  const std::vector<std::pair<int, std::pair<double, double>>> decades = {
      {1500, {2.5, 9.5}}, {300, {11, 95}}, {20, {110, 950}}, {2, {1100, 9500}}, {1, {11000, 50000}}};
  for (const auto& [count, range] : decades) {
    std::uniform_real_distribution<double> u(std::log(range.first), std::log(range.second));
    for (int i = 0; i < count; ++i) {
      const double t = std::exp(u(rng));
      k.time_us.push_back(t);
      k.global_size.push_back((t - 2.0) * 1e3);
    }
  }
  k.min_global = 32;
  k.max_global = 1e9;
  return k;
}

}  // namespace

TEST(IqrBalance, FitLineRecoversAnExactLine) {
  const auto f = ds::fit_line({1, 2, 3, 10}, {5, 8, 11, 32});
  ASSERT_TRUE(f.usable);
  EXPECT_NEAR(f.intercept, 2.0, 1e-12);
  EXPECT_NEAR(f.slope, 3.0, 1e-12);
  EXPECT_NEAR(f.global_size_for(302), 100.0, 1e-9);
  EXPECT_FALSE(ds::fit_line({4, 4}, {1, 2}).usable);      // one distinct size
  EXPECT_FALSE(ds::fit_line({1, 2}, {5, 3}).usable);      // time falling with size
}

TEST(IqrBalance, HistogramCoversEveryDecadeBetweenTheExtremes) {
  const auto h = ds::log2_histogram({1.5, 2, 3, 150, 20000});
  EXPECT_EQ(h.first_bin, 0);
  EXPECT_EQ(h.counts, (std::vector<std::size_t>{3, 0, 1, 0, 1}));
  EXPECT_NEAR(h.bin_lo(2), 100.0, 1e-9);
  EXPECT_NEAR(h.bin_hi(2), 1000.0, 1e-9);
  EXPECT_THROW(ds::log2_histogram({1.0, 0.0}), std::invalid_argument);
}

TEST(IqrBalance, FillsTheSparseDecadesOfASkewedDistribution) {
  const auto k = skewed(3);
  const auto plan = ds::plan_iqr_balance({k}, 100000, 1);
  const auto& before = plan.before.counts;
  ASSERT_GE(before.size(), 4u);
  const std::size_t max_before = *std::max_element(before.begin(), before.end());
  std::vector<double> sorted(before.begin(), before.end());
  std::sort(sorted.begin(), sorted.end());
  EXPECT_GT(static_cast<double>(max_before), 3 * autobench::numerics::quantile(sorted, 0.5));  // skewed to start with
  EXPECT_EQ(plan.target, std::max<std::size_t>(static_cast<std::size_t>(std::ceil(plan.q3)), (max_before + 2) / 3));
  EXPECT_EQ(plan.requests.size(), plan.requested);  // not capped
  EXPECT_TRUE(plan.unreachable.empty());

  // Every request's predicted time lies in a bin that was below target, and says so.
  std::vector<double> after = k.time_us;
  for (const auto& r : plan.requests) {
    EXPECT_EQ(r.kernel, "skew");
    const auto b = static_cast<std::size_t>(std::floor(std::log2(r.target_time_us) / plan.before.width_log2) -
                                            plan.before.first_bin);
    ASSERT_LT(b, before.size());
    EXPECT_LT(before[b], plan.target);
    EXPECT_NEAR(2.0 + 1e-3 * r.global_size, r.target_time_us, 1e-6 * r.target_time_us);
    EXPECT_NE(r.reason.find("samples < target"), std::string::npos) << r.reason;
    after.push_back(r.target_time_us);
  }
  const auto h = ds::log2_histogram(after, plan.before.width_log2);
  std::vector<double> c(h.counts.begin(), h.counts.end());
  std::sort(c.begin(), c.end());
  EXPECT_GT(c.front(), 0) << "a decade is still empty";
  EXPECT_LE(c.back(), 3 * autobench::numerics::quantile(c, 0.5));
}

TEST(IqrBalance, CapKeepsOnePerDeficientBinAndReportsUnreachableBins) {
  auto k = skewed(5);
  const auto full = ds::plan_iqr_balance({k}, 100000, 1);
  const auto capped = ds::plan_iqr_balance({k}, 10, 1);
  EXPECT_EQ(capped.requested, full.requested);
  EXPECT_LE(capped.requests.size(), 10u);
  std::size_t deficient = 0;
  for (auto c : capped.before.counts) deficient += c < capped.target;
  EXPECT_GE(capped.requests.size(), std::min<std::size_t>(deficient, 10));

  // The decade between a kernel that cannot grow past its largest size (50 ms) and a kernel measured
  // at one size only (no usable fit, 2 s) is out of reach: reported, not filled.
  k.max_global = *std::max_element(k.global_size.begin(), k.global_size.end());
  ds::KernelTimes one;
  one.kernel = "one";
  one.global_size = {1e9, 1e9};
  one.time_us = {2e6, 2e6};
  one.max_global = 1e9;
  const auto stuck = ds::plan_iqr_balance({k, one}, 100000, 1);
  ASSERT_EQ(stuck.unreachable.size(), 2u);  // [1e5, 1e6) and [1e6, 1e7) us
  EXPECT_NE(stuck.unreachable[0].find("[1e+05, 1e+06) us"), std::string::npos) << stuck.unreachable[0];
  for (const auto& r : stuck.requests) EXPECT_EQ(r.kernel, "skew");
}

TEST(IqrBalance, RealisedRequestsReachTheRequestedGlobalSize) {
  ds::LaunchShape s;
  s.kernel = "skew";
  s.configs = {{{"BLOCK_SIZE", 128}}, {{"BLOCK_SIZE", 256}}};
  s.granularity = 32;
  s.max_size = 1ull << 30;
  s.block_threads = [](const autobench::kernels::Tunables& t) { return static_cast<int>(t.at("BLOCK_SIZE")); };
  s.workgroups = [](std::uint64_t n, const autobench::kernels::Tunables& t) {
    return (n + t.at("BLOCK_SIZE") - 1) / t.at("BLOCK_SIZE");
  };
  std::mt19937_64 rng(1);
  ds::LaunchConfig c;
  ASSERT_TRUE(ds::realise(s, autobench::backend::occupancy_for(100, 9, 0), {"skew", 1000.0, 1e6, "bin [100, 1000) us"}, rng, c));
  EXPECT_EQ(c.origin, ds::Origin::iqr);
  EXPECT_GE(static_cast<double>(c.global_size()), 1e6);
  EXPECT_LT(static_cast<double>(c.global_size()), 1e6 + 256);
  EXPECT_NE(c.reason.find("bin [100, 1000) us"), std::string::npos);
  EXPECT_FALSE(ds::realise(s, autobench::backend::occupancy_for(100, 9, 0), {"skew", 1.0, 1e12, "x"}, rng, c));
}
