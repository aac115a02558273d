// `dfdt`: slopes against their ISODATA threshold, with the refinement that finds the last bend.
#include <cmath>
#include <vector>

#include <gtest/gtest.h>

#include "detect/detector.hpp"
#include "detect/dfdt.hpp"
#include "tests/detect/curves.hpp"
#include "tests/detect/noise_trials.hpp"

namespace autobench::detect {
namespace {

using testing::log_roofline;
using testing::share_near;

Params linear() {
  Params p;
  p.x_scale = XScale::linear;
  return p;
}

// Slope 2 up to x = 20, slope 1 up to 40, flat to 60.
Curve two_slopes() {
  Curve c;
  for (int i = 0; i <= 60; ++i) {
    c.x.push_back(i);
    c.y.push_back(i <= 20 ? 2.0 * i : i <= 40 ? 40.0 + (i - 20) : 60.0);
  }
  return c;
}

TEST(Dfdt, RefinementMovesPastAnEarlyChangeOfSlopeToSaturation) {
  // The first round's threshold sits between slope 2 and the rest, at the bend x = 20; from x = 10 on,
  // the threshold falls between the rising slopes and the flat ones: the bend at 40, where it stays.
  EXPECT_EQ(make("dfdt", linear())->find(two_slopes()).index, 40u);
}

TEST(Dfdt, ScoreIsTheKneesChordDistance) {
  const Knee k = make("dfdt", linear())->find(two_slopes());
  // Unit square: chord (0, 0)-(1, 1), knee (40/60, 1).
  EXPECT_NEAR(k.score, (1.0 - 40.0 / 60.0) / std::sqrt(2.0), 1e-12);
}

// x / (x + half) on log-spaced sizes bends upwards before it saturates, as measured throughput does.
// Kneeliverse's rounds often settle on the upward bend (11-16% of the peak on 4 of these 8 curves,
// below the chord or barely above it); starting at the steepest slope, dfdt finds the saturation bend.
TEST(Dfdt, FindsSaturationNotTheStartOfTheRiseOnLogSpacedSaturatingCurves) {
  for (std::size_t n : {100, 131, 170})
    for (double half : {1e5, 1e6, 1e7}) {
      const Curve c = testing::saturating(n, half);
      if (c.y.back() < 950.0) continue;  // not saturated within the sweep (100 points, half 1e7)
      const Knee k = make("dfdt")->find(c);
      ASSERT_TRUE(k.index.has_value()) << n << " points, half " << half;
      const double share = c.y[*k.index] / 1000.0;
      EXPECT_GT(share, 0.75) << n << " points, half " << half << ": knee at " << *k.index;
      EXPECT_LT(share, 0.95) << n << " points, half " << half << ": knee at " << *k.index;
    }
}

// Slopes of raw points amplify noise: half a percent keeps dfdt on the corner, two percent does not.
TEST(Dfdt, StaysNearTheCornerUnderHalfAPercentNoise) {
  EXPECT_GE(share_near("dfdt", {}, log_roofline(60, 30), 0.005, 30, 2), 0.9);
  EXPECT_LT(share_near("dfdt", {}, log_roofline(60, 30), 0.02, 30, 2), 0.5);
}

TEST(Dfdt, DistanceThresholdRejectsAWeakKnee) {
  Params p = linear();
  p.distance_threshold = 0.2;  // the knee at 40 is 0.236 off the chord
  EXPECT_EQ(make("dfdt", p)->find(two_slopes()).index, 40u);
  p.distance_threshold = 0.25;
  EXPECT_FALSE(make("dfdt", p)->find(two_slopes()).index.has_value());
}

// Worst case: power-law slopes g(i) = i^-1.86 over 10^5 points, on which each round moves the knee
// only about 15 % later (84 rounds without the bound); the refinement stops after kDfdtMaxRounds.
std::vector<double> indices(std::size_t n) {
  std::vector<double> x(n);
  for (std::size_t i = 0; i < n; ++i) x[i] = static_cast<double>(i);
  return x;
}

TEST(Dfdt, RefinementOnPowerLawSlopesStopsAtTheRoundBound) {
  std::vector<double> g(100000);
  for (std::size_t i = 0; i < g.size(); ++i) g[i] = std::pow(static_cast<double>(i + 1), -1.86);
  const ThresholdKnee k = threshold_knee(g, indices(g.size()), 0);
  EXPECT_EQ(k.rounds, kDfdtMaxRounds);
  EXPECT_GT(k.index, 0u);
  EXPECT_LT(k.index, g.size() - 1);
}

TEST(Dfdt, RefinementEndsWhenTheKneeStopsMoving) {
  // two_slopes' three-point slopes (1.5 and 0.5 at its corners): the first round's knee is at the change
  // from 2 to 1 (20), the second, from 10 on, at the change from 1 to 0 (40), the third, from 20 on,
  // stays there.
  std::vector<double> g(61, 0.0);
  for (std::size_t i = 0; i <= 40; ++i) g[i] = i < 20 ? 2.0 : i == 20 ? 1.5 : i < 40 ? 1.0 : 0.5;
  const ThresholdKnee k = threshold_knee(g, indices(g.size()), 0);
  EXPECT_EQ(k.index, 40u);
  EXPECT_EQ(k.rounds, 3);
}

// Slopes that fall steadily (linearly: a parabola, a curve of constant curvature with no bend): the first
// threshold splits them in the middle; Kneeliverse's rounds would walk the knee on towards 2N/3 (their
// fixed point on linear slopes), which marks nothing on the curve. A round that does not land on a bend
// is not taken.
TEST(Dfdt, RefinementDoesNotWalkAlongSteadilyFallingSlopes) {
  std::vector<double> g(61);
  for (std::size_t i = 0; i < g.size(); ++i) g[i] = 2.0 - static_cast<double>(i) / 30.0;
  const ThresholdKnee k = threshold_knee(g, indices(g.size()), 0);
  EXPECT_EQ(k.index, 30u);
  EXPECT_EQ(k.rounds, 2) << "the second round's threshold was computed and not taken";
  Curve parabola;
  for (int i = 0; i <= 60; ++i) parabola.x.push_back(i), parabola.y.push_back(i * (120.0 - i));
  EXPECT_EQ(make("dfdt", linear())->find(parabola).index, 30u) << "its chord-parallel point, as kneedle's";
}

}  // namespace
}  // namespace autobench::detect
