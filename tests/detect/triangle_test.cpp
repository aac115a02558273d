// `triangle`: farthest point from the first-last chord; its distance as score and threshold; x-space, shape.
#include <cmath>

#include <gtest/gtest.h>

#include "detect/detector.hpp"
#include "tests/detect/curves.hpp"
#include "tests/detect/noise_trials.hpp"

namespace autobench::detect {
namespace {

using testing::log_roofline;
using testing::share_near;
using testing::sweep_sizes;

// In the unit square a log roofline's corner is (xk, 1) and the chord runs from (0, 0) to (1, 1).
double roofline_corner_distance(const Curve& c, std::size_t knee) {
  const double xk = std::log10(c.x[knee] / c.x.front()) / std::log10(c.x.back() / c.x.front());
  return (1.0 - xk) / std::sqrt(2.0);
}

TEST(Triangle, ScoreIsTheCornersDistanceFromTheChord) {
  const Curve c = log_roofline(60, 20);
  const Knee k = make("triangle")->find(c);
  ASSERT_EQ(k.index, 20u);
  EXPECT_NEAR(k.score, roofline_corner_distance(c, 20), 1e-12);
  EXPECT_EQ(k.all, std::vector<std::size_t>{20});
}

TEST(Triangle, DistanceThresholdDecidesWhetherTheKneeCounts) {
  const Curve c = log_roofline(60, 20);
  const double d = roofline_corner_distance(c, 20);
  Params p;
  p.distance_threshold = d - 1e-6;
  EXPECT_EQ(make("triangle", p)->find(c).index, 20u);
  p.distance_threshold = d + 1e-6;
  EXPECT_FALSE(make("triangle", p)->find(c).index.has_value());
}

TEST(Triangle, WorksInTheChosenXSpace) {
  Curve c{sweep_sizes(40), {}};
  for (double x : c.x) c.y.push_back(std::log10(x));  // straight in log x, concave in linear x
  EXPECT_FALSE(make("triangle")->find(c).index.has_value());
  Params linear;
  linear.x_scale = XScale::linear;
  const Knee k = make("triangle", linear)->find(c);
  ASSERT_TRUE(k.index.has_value());
  EXPECT_GT(*k.index, 0u);
  EXPECT_LT(*k.index, 39u);
}

// Why log x is the default: on a saturating curve the linear-x knee sits where the slope equals the
// chord's, about sqrt(last size * half-saturation size), so it follows the end of the sweep; in log x
// the sizes are evenly spaced and the knee stays near the shoulder as the sweep goes on.
TEST(Triangle, LogXKeepsTheKneeInPlaceAsTheSweepGrows) {
  Params linear;
  linear.x_scale = XScale::linear;
  auto knee = [](std::size_t n, const Params& p) {
    return static_cast<int>(*make("triangle", p)->find(testing::saturating(n, 1e6)).index);
  };
  const int log_shift = knee(131, {}) - knee(90, {});
  const int linear_shift = knee(131, linear) - knee(90, linear);
  EXPECT_LE(log_shift, 5);
  EXPECT_GE(linear_shift, 20);
}

TEST(Triangle, ConvexShapeFindsAnElbowBelowTheChord) {
  Curve c = log_roofline(50, 15);
  for (double& y : c.y) y = 1100.0 - y;  // falls to 100, then flat: an elbow
  EXPECT_FALSE(make("triangle")->find(c).index.has_value());
  Params p;
  p.shape = Shape::convex;
  EXPECT_EQ(make("triangle", p)->find(c).index, 15u);
}

TEST(Triangle, StaysNearTheCornerUnderTwoPercentNoise) {
  EXPECT_GE(share_near("triangle", {}, log_roofline(60, 30), 0.02, 30, 2), 0.95);
}

}  // namespace
}  // namespace autobench::detect
