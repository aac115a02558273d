// MAPE arithmetic, error distribution, the random and leave-one-kernel-out splits, and the baselines.
#include <gtest/gtest.h>

#include <cmath>

#include "suite/dataset/baselines.hpp"
#include "suite/dataset/predictor_evaluation.hpp"

namespace ds = autobench::dataset;

namespace {

ds::Row row(const std::string& kernel, double time_us, bool test, double bytes = 1e6) {
  ds::Row r;
  r.kernel = kernel;
  r.time_us = time_us;
  r.test = test;
  r.features.bytes = bytes;
  r.features.flops = bytes / 4;
  r.features.workgroups = 1000;
  r.features.block_threads = 256;
  r.features.regime = ds::Regime::full;
  r.features.occupancy = autobench::backend::occupancy_for(100, 9, 0);
  r.features.bandwidth_gbs = 1000;
  r.features.gflops = 10000;
  return r;
}

}  // namespace

TEST(Evaluation, MapeArithmetic) {
  EXPECT_DOUBLE_EQ(ds::ape(100, 110), 10.0);
  EXPECT_DOUBLE_EQ(ds::ape(100, 90), 10.0);
  EXPECT_DOUBLE_EQ(ds::mape({100, 200}, {110, 100}), 30.0);  // (10 + 50) / 2
  EXPECT_TRUE(std::isnan(ds::mape({}, {})));
  EXPECT_THROW(ds::mape({1}, {1, 2}), std::invalid_argument);
  // APEs 0, 10, 20, ..., 100: the percentiles interpolate.
  std::vector<double> m(11, 100.0), p;
  for (int i = 0; i <= 10; ++i) p.push_back(100.0 + 10.0 * i);
  const auto s = ds::summarise(m, p);
  EXPECT_EQ(s.count, 11u);
  EXPECT_DOUBLE_EQ(s.mape, 50.0);
  EXPECT_DOUBLE_EQ(s.p10, 10.0);
  EXPECT_DOUBLE_EQ(s.p50, 50.0);
  EXPECT_DOUBLE_EQ(s.p90, 90.0);
  EXPECT_DOUBLE_EQ(s.max, 100.0);
}

TEST(Evaluation, AKernelAloneHasNoLeaveOneKernelOutScore) {
  const std::vector<ds::Row> rows = {row("a", 100, false), row("a", 120, true), row("a", 90, false)};
  bool called = false;
  const auto report = ds::evaluate_leave_one_kernel_out(rows, [&](const auto&, const auto&, const auto& test) {
    called = true;
    return std::vector<double>(test.size(), 100.0);
  });
  EXPECT_FALSE(called) << "nothing to train on: the predictor is not asked";
  EXPECT_TRUE(report.per_kernel.empty());
  EXPECT_EQ(report.overall.count, 0u);
  for (double v : {report.overall.mape, report.overall.p50, report.overall.p90, report.overall.max})
    EXPECT_TRUE(std::isnan(v)) << "no rows: n/a, not 0";
  EXPECT_EQ(ds::evaluate_random(rows, ds::predict_regression).overall.count, 1u) << "the random split still scores";
}

TEST(Evaluation, RandomSplitScoresOnlyTheTestRows) {
  const std::vector<ds::Row> rows = {row("a", 100, false), row("a", 100, true), row("b", 200, true), row("b", 50, false)};
  std::vector<std::size_t> seen_train, seen_test;
  const auto report = ds::evaluate_random(rows, [&](const auto&, const auto& train, const auto& test) {
    seen_train = train;
    seen_test = test;
    return std::vector<double>{150, 100};  // a: +50 %, b: -50 %
  });
  EXPECT_EQ(seen_train, (std::vector<std::size_t>{0, 3}));
  EXPECT_EQ(seen_test, (std::vector<std::size_t>{1, 2}));
  EXPECT_EQ(report.split, "random");
  EXPECT_DOUBLE_EQ(report.overall.mape, 50.0);
  EXPECT_DOUBLE_EQ(report.per_kernel.at("a").mape, 50.0);
  EXPECT_EQ(report.per_kernel.at("b").count, 1u);
}

TEST(Evaluation, LeaveOneKernelOutNeverTrainsOnTheHeldOutKernel) {
  const std::vector<ds::Row> rows = {row("a", 100, false), row("b", 100, true), row("a", 200, true), row("c", 10, false)};
  int folds = 0;
  const auto report = ds::evaluate_leave_one_kernel_out(rows, [&](const auto& r, const auto& train, const auto& test) {
    ++folds;
    for (auto i : train)
      for (auto j : test) EXPECT_NE(r[i].kernel, r[j].kernel);
    std::vector<double> out;
    for (auto j : test) out.push_back(r[j].time_us * (r[j].kernel == "a" ? 1.2 : 1.0));
    return out;
  });
  EXPECT_EQ(folds, 3);
  EXPECT_EQ(report.per_kernel.size(), 3u);
  EXPECT_NEAR(report.per_kernel.at("a").mape, 20.0, 1e-12);
  EXPECT_NEAR(report.per_kernel.at("b").mape, 0.0, 1e-12);
  EXPECT_NEAR(report.overall.mape, 10.0, 1e-12);  // (20 + 20 + 0 + 0) / 4
  EXPECT_EQ(report.overall.count, 4u);
}

TEST(Evaluation, AnalyticBaselineIsRooflineOverOccupancy) {
  ds::Row r = row("a", 1, true, 1e9);  // 1 GB at 1000 GB/s = 1000 us; flops 2.5e8 at 10 TFLOP/s = 25 us
  EXPECT_NEAR(ds::analytic_time_us(r.features), ds::kLaunchLatencyUs + 1000.0, 1e-9);
  r.features.workgroups = 100;  // 100 x 256 threads of 100 x 2048 slots: an eighth of the device
  EXPECT_NEAR(ds::analytic_time_us(r.features), ds::kLaunchLatencyUs + 8000.0, 1e-9);
  r.features.gflops = 100;  // now compute-bound: 2500 us x 8
  EXPECT_NEAR(ds::analytic_time_us(r.features), ds::kLaunchLatencyUs + 20000.0, 1e-9);
}

TEST(Evaluation, RegressionRecoversAPowerLawExactly) {
  // t = 0.5 * bytes^0.7 * workgroups^-0.2: linear in the log2 features, so the fit is exact.
  std::vector<ds::Row> rows;
  for (int i = 0; i < 40; ++i) {
    ds::Row r = row(i % 2 ? "a" : "b", 1, i % 4 == 0, std::exp2(10 + i % 13));
    r.features.workgroups = std::exp2(3 + (i * 7) % 11);
    r.features.flops = std::exp2(5 + (i * 5) % 9);
    r.time_us = 0.5 * std::pow(r.features.bytes, 0.7) * std::pow(r.features.workgroups, -0.2);
    rows.push_back(r);
  }
  const auto report = ds::evaluate_random(rows, ds::predict_regression);
  EXPECT_EQ(report.overall.count, 10u);
  EXPECT_LT(report.overall.mape, 1e-6);
}

TEST(Evaluation, StargazerFollowsABendTheRegressionCannot) {
  // log2 t rises 0.3 per doubling of bytes up to 2^20 and 1.0 per doubling beyond (a latency floor giving
  // way to bandwidth): not linear in the log2 features, so the regression misses the bend; the stepwise
  // spline model of the same features follows it.
  std::vector<ds::Row> rows;
  for (int i = 0; i < 200; ++i) {
    const double l2b = 10.0 + 20.0 * ((i * 37) % 200) / 200.0;
    ds::Row r = row(i % 2 ? "a" : "b", 1, i % 5 == 0, std::exp2(l2b));
    r.features.workgroups = std::exp2(3 + (i * 7) % 11);
    r.time_us = std::exp2(l2b < 20 ? 0.3 * l2b : 6.0 + (l2b - 20.0));
    rows.push_back(r);
  }
  const auto stargazer = ds::evaluate_random(rows, ds::predict_stargazer);
  const auto regression = ds::evaluate_random(rows, ds::predict_regression);
  EXPECT_EQ(stargazer.overall.count, 40u);
  EXPECT_LT(stargazer.overall.mape, 5.0);
  EXPECT_GT(regression.overall.mape, 4 * stargazer.overall.mape);
}
