#include "power/kalman_filter.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <stdexcept>
#include <vector>

namespace autobench::power {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

TEST(KalmanFilter, HandComputedSteps) {
  // Q=R=P0=1. x=0,P=1 | P⁻=2,K=2/3,x=4/3,P=2/3 | P⁻=5/3,K=5/8,x=4/3+5/8·2/3=7/4
  const auto out = kalman_filter(std::vector<double>{0, 2, 2}, {1.0, 1.0});
  ASSERT_EQ(out.size(), 3u);
  EXPECT_DOUBLE_EQ(out[0], 0.0);
  EXPECT_NEAR(out[1], 4.0 / 3.0, 1e-15);
  EXPECT_NEAR(out[2], 1.75, 1e-15);
}

TEST(KalmanFilter, WithoutProcessNoiseItIsTheRunningMean) {
  const auto out = kalman_filter(std::vector<double>{1, 2, 3, 4}, {0.0, 1.0});
  EXPECT_NEAR(out[0], 1.0, 1e-15);
  EXPECT_NEAR(out[1], 1.5, 1e-15);
  EXPECT_NEAR(out[2], 2.0, 1e-15);
  EXPECT_NEAR(out[3], 2.5, 1e-15);
}

TEST(KalmanFilter, NaNSampleOnlyPredicts) {
  // Q=R=P0=1: x=0,P=1 | NaN: P=2, x stays 0 | P⁻=3, K=3/4, x=3
  const auto out = kalman_filter(std::vector<double>{0, kNaN, 4}, {1.0, 1.0});
  EXPECT_DOUBLE_EQ(out[1], 0.0);
  EXPECT_DOUBLE_EQ(out[2], 3.0);
}

TEST(KalmanFilter, InitialVarianceZeroTrustsTheFirstSample) {
  // Q=0, P0=0: the gain stays 0, the state stays at the first sample.
  const auto out = kalman_filter(std::vector<double>{5, 9, 9}, {0.0, 1.0, 0.0});
  EXPECT_EQ(out, (std::vector<double>{5, 5, 5}));
}

TEST(KalmanFilter, SmallerProcessNoiseSmoothsMore) {
  std::mt19937 rng(11);
  std::normal_distribution<double> noise(0.0, 4.0);
  std::vector<double> trace;
  for (int i = 0; i < 3000; ++i) trace.push_back(150.0 + noise(rng));
  auto rms_error = [](const std::vector<double>& v) {
    double ss = 0.0;
    for (std::size_t i = 500; i < v.size(); ++i) ss += (v[i] - 150.0) * (v[i] - 150.0);
    return std::sqrt(ss / static_cast<double>(v.size() - 500));
  };
  const double loose = rms_error(kalman_filter(trace, {1.0, 16.0}));
  const double tight = rms_error(kalman_filter(trace, {0.001, 16.0}));
  EXPECT_LT(tight, loose);
  EXPECT_LT(tight, 0.5);  // σ = 4 W noise averaged down by the filter
}

TEST(KalmanFilter, RejectsBadNoiseSettings) {
  const std::vector<double> trace{1, 2};
  EXPECT_THROW(kalman_filter(trace, {-1.0, 1.0}), std::invalid_argument);
  EXPECT_THROW(kalman_filter(trace, {1.0, 0.0}), std::invalid_argument);
  EXPECT_THROW(kalman_filter(trace, {1.0, 1.0, -2.0}), std::invalid_argument);
}

}  // namespace
}  // namespace autobench::power
