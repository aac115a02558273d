// The stdrel stopping criterion (nvbench's idea) on known sample sequences: launches until the relative
// standard error of the mean time reaches the target, within the launch and time caps.
#include <cmath>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "suite/autoscale/stdrel_criterion.hpp"

namespace ab = autobench::autoscale;

namespace {

int more_launches(const std::vector<double>& seconds, const ab::NoiseStop& stop) {
  return ab::stdrel_criterion(stop)->more_launches(seconds);
}

std::vector<double> launches(int n, double mean, double cv, unsigned seed) {
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> d(mean, mean * cv);
  std::vector<double> t;
  for (int i = 0; i < n; ++i) t.push_back(d(rng));
  return t;
}

TEST(StdrelCriterion, RelativeStandardErrorIsStddevOverRootNOverMean) {
  EXPECT_DOUBLE_EQ(ab::relative_standard_error({1.0, 3.0}), std::sqrt(2.0) / std::sqrt(2.0) / 2.0);
  EXPECT_TRUE(std::isnan(ab::relative_standard_error({1.0})));
}

TEST(StdrelCriterion, QuietTimingsOrATargetOfZeroNeedNoMoreLaunches) {
  const ab::NoiseStop stop;  // 0.5%
  EXPECT_EQ(more_launches(launches(32, 1e-3, 0.01, 1), stop), 0);  // 1% noise / sqrt(32) < 0.5%
  ab::NoiseStop off;
  off.target = 0.0;
  EXPECT_EQ(more_launches(launches(32, 1e-3, 0.2, 1), off), 0);
}

TEST(StdrelCriterion, NoisyTimingsGetLaunchesTowardsTheTargetAtMostDoublingAtATime) {
  ab::NoiseStop stop;
  std::vector<double> t = launches(32, 1e-5, 0.1, 2);  // 10% noise: about 400 launches reach 0.5%
  EXPECT_EQ(more_launches(t, stop), 32);
  int rounds = 0;
  for (int more; (more = more_launches(t, stop)) > 0; ++rounds) {
    const auto batch = launches(more, 1e-5, 0.1, 3 + static_cast<unsigned>(rounds));
    t.insert(t.end(), batch.begin(), batch.end());
  }
  EXPECT_LE(ab::relative_standard_error(t), stop.target);
  EXPECT_GT(t.size(), 250u);
  EXPECT_LT(t.size(), 1000u);
  EXPECT_LE(rounds, 6);
}

TEST(StdrelCriterion, StopsAtTheLaunchAndTimeCaps) {
  ab::NoiseStop stop;
  stop.max_launches = 50;
  EXPECT_EQ(more_launches(launches(32, 1e-5, 0.1, 4), stop), 18);
  EXPECT_EQ(more_launches(launches(50, 1e-5, 0.1, 4), stop), 0);
  stop.max_launches = 1000;
  stop.max_time_s = 0.2;
  // 32 launches of 5 ms spent 0.16 s: 8 more fit in 0.2 s.
  EXPECT_EQ(more_launches(launches(32, 5e-3, 0.1, 5), stop), 8);
  EXPECT_EQ(more_launches(launches(40, 5e-3, 0.1, 5), stop), 0);
}

}  // namespace
