// `menger`: largest curvature of point triples, signed by shape.
#include <cmath>

#include <gtest/gtest.h>

#include "detect/detector.hpp"

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
