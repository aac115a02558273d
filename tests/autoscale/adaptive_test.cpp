// The adaptive sweep's step as pure logic (suite/autoscale/adaptive.hpp).
#include <gtest/gtest.h>

#include <cmath>

#include "suite/autoscale/adaptive.hpp"

namespace ab = autobench;
using ab::autoscale::next_factor;
using ab::autoscale::SizeTime;

namespace {

ab::autoscale::AutoscaleSettings adaptive() {
  ab::autoscale::AutoscaleSettings s;
  s.sweep = ab::autoscale::SweepMode::adaptive;
  return s;  // scale_factor 1.1, coarse_factor 2
}

}  // namespace

TEST(NextFactor, GeometricSweepsAlwaysUseTheScaleFactor) {
  ab::autoscale::AutoscaleSettings s;
  EXPECT_EQ(next_factor(s, false, SizeTime{1000, 1e-5}, {2000, 2e-5}, 1e-3), 1.1);
  EXPECT_EQ(next_factor(s, true, std::nullopt, {2000, 2e-5}, std::nullopt), 1.1);
}

TEST(NextFactor, CoarseWhileTimeIsFlatOrTheGuardIsMetOrUnknown) {
  const auto s = adaptive();
  EXPECT_EQ(next_factor(s, false, std::nullopt, {2000, 2e-5}, 1e-3), 2.0) << "one point: no slope yet";
  EXPECT_EQ(next_factor(s, false, SizeTime{1000, 3e-6}, {2000, 3e-6}, 1e-3), 2.0) << "latency-bound: flat time";
  EXPECT_EQ(next_factor(s, false, SizeTime{1000, 1e-5}, {2000, 2e-5}, std::nullopt), 2.0) << "guard not known";
  EXPECT_EQ(next_factor(s, false, SizeTime{1000, 1e-3}, {2000, 2e-3}, 1e-3), 2.0) << "guard already met";
}

TEST(NextFactor, AimsJustPastTheRuntimeGuardFollowingHowTimeGrows) {
  const auto s = adaptive();
  const double aim = 1e-3 * std::sqrt(1.1);
  // time ~ size: from 0.6 ms the aim is reached by growing the size by aim / 0.6 ms.
  EXPECT_NEAR(next_factor(s, false, SizeTime{1000, 0.3e-3}, {2000, 0.6e-3}, 1e-3), aim / 0.6e-3, 1e-12);
  // time ~ size^2 (a square GEMM): only the square root of that.
  EXPECT_NEAR(next_factor(s, false, SizeTime{1000, 0.15e-3}, {2000, 0.6e-3}, 1e-3), std::sqrt(aim / 0.6e-3), 1e-12);
  // Never more than the coarse factor, never less than the scale factor.
  EXPECT_EQ(next_factor(s, false, SizeTime{1000, 0.05e-3}, {2000, 0.1e-3}, 1e-3), 2.0);
  EXPECT_EQ(next_factor(s, false, SizeTime{1000, 0.495e-3}, {2000, 0.99e-3}, 1e-3), 1.1);
}

TEST(NextFactor, FineOnceAKneeCounted) {
  EXPECT_EQ(next_factor(adaptive(), true, SizeTime{1000, 1e-3}, {2000, 2e-3}, 1e-3), 1.1);
}
