// `menger`: the first strong curvature of point triples, signed by shape.
#include <algorithm>
#include <cmath>

#include <gtest/gtest.h>

#include "detect/detector.hpp"
#include "detect/detector_params.hpp"

namespace autobench::detect {
namespace {

Params linear(Shape shape = Shape::concave) {
  Params p;
  p.x_scale = XScale::linear;
  p.shape = shape;
  return p;
}

TEST(Menger, ScoreIsTheInverseRadiusOfTheCircleThroughTheTriple) {
  // Unit square: (0, 0), (0.5, 1), (1, 1). Sides sqrt(1.25), 0.5, sqrt(2); area 0.25; 4 * area / product.
  const Knee k = make("menger", linear())->find(Curve{{1, 2, 3}, {0, 1, 1}});
  ASSERT_EQ(k.index, 1u);
  EXPECT_NEAR(k.score, 1.0 / (std::sqrt(1.25) * 0.5 * std::sqrt(2.0)), 1e-12);
}

TEST(Menger, PrefersTheSharperOfTwoBends) {
  // Gentle bend at x = 5 (slope 3 -> 2), sharp one at x = 12 (slope 2 -> 0).
  Curve c;
  for (int i = 0; i <= 20; ++i) {
    c.x.push_back(i);
    c.y.push_back(i <= 5 ? 3.0 * i : i <= 12 ? 15.0 + 2.0 * (i - 5) : 29.0);
  }
  EXPECT_EQ(make("menger", linear())->find(c).index, 12u);
}

// A rise of slope 3 that bends smoothly (over x = 10 to 20) into a slope of 0.3, then a corner at x = 30
// onto the plateau. In the unit square the corner on the nearly flat stretch is the sharper (curvature
// 9.4 against 6.5 at x = 19). On a fit of a curve (on_fit, as make sets it for spline or saturating
// smoothing) the saturation bend is the first strong one, the knee; strong_fraction 1 asks for the sharpest,
// which is also the knee on the points (there noise makes every point a curvature maximum).
TEST(Menger, TheKneeIsTheFirstStrongBendNotASharperOneOnThePlateau) {
  Curve c;
  const auto f = [](double t) { return t <= 10 ? 3 * t : 30 + 3 * (t - 10) - 2.7 * (t - 10) * (t - 10) / 20; };
  for (int i = 0; i <= 40; ++i) {
    c.x.push_back(i);
    c.y.push_back(i <= 20 ? f(i) : f(20) + 0.3 * (std::min(i, 30) - 20));
  }
  Params fit = linear();
  fit.on_fit = true;
  EXPECT_EQ(make("menger", fit)->find(c).index, 19u);
  set_param(fit, parse_param("menger.strong_fraction=1"));
  EXPECT_EQ(make("menger", fit)->find(c).index, 30u);
  EXPECT_EQ(make("menger", linear())->find(c).index, 30u);
}

// An exponential approach to a plateau, y = 1 - exp(-x / 0.15) on [0, 1] (201 points): in the unit square its
// curvature peaks where the slope is 1/sqrt(2), x = 0.15 ln(sqrt(2) / 0.15) = 0.337, later than the point whose
// tangent parallels the chord (slope 1, kneedle's and triangle's knee), x = 0.15 ln(1 / 0.15) = 0.285. The
// knee is where that bend begins: the first point of its rising edge at `onset` (0.9) of the peak curvature,
// slope 1.03, x = 0.280; onset 1 gives the peak itself. On real H100 curves the peak was 1.6-1.8x later in
// size than the other detectors' knees (docs/knees.md).
TEST(Menger, OnAGradualBendTheKneeIsWhereTheBendBeginsNotItsCurvaturePeak) {
  Curve c;
  for (int i = 0; i <= 200; ++i) {
    c.x.push_back(i / 200.0);
    c.y.push_back(1.0 - std::exp(-c.x.back() / 0.15));
  }
  Params p = linear();
  const Knee onset = make("menger", p)->find(c);
  ASSERT_TRUE(onset.index.has_value());
  EXPECT_NEAR(c.x[*onset.index], 0.280, 0.006);
  EXPECT_NEAR(c.x[*onset.index], c.x[*make("triangle", p)->find(c).index], 0.011);
  set_param(p, parse_param("menger.onset=1"));
  EXPECT_NEAR(c.x[*make("menger", p)->find(c).index], 0.337, 0.006);
}

TEST(Menger, OnlyBendsOfTheRequestedShapeCount) {
  // Flat, then rising from x = 6: a single elbow (left turn).
  Curve c;
  for (int i = 0; i <= 15; ++i) {
    c.x.push_back(i);
    c.y.push_back(i <= 6 ? 1.0 : 1.0 + (i - 6));
  }
  EXPECT_FALSE(make("menger", linear(Shape::concave))->find(c).index.has_value());
  EXPECT_EQ(make("menger", linear(Shape::convex))->find(c).index, 6u);
}

}  // namespace
}  // namespace autobench::detect
