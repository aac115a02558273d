// Natural cubic spline basis and model parameters: knots, linear tails, indicator coding, scales.
#include <gtest/gtest.h>

#include <cmath>

#include "model/parameter.hpp"
#include "model/spline_basis.hpp"

namespace am = autobench::model;

TEST(SplineBasis, EvenlySpacedKnotsAndOneColumnPerKnotButOne) {
  for (int interior = 1; interior <= 3; ++interior) {
    const am::SplineBasis b(interior);
    ASSERT_EQ(b.knots().size(), static_cast<std::size_t>(interior + 2));
    for (std::size_t i = 0; i < b.knots().size(); ++i)
      EXPECT_DOUBLE_EQ(b.knots()[i], static_cast<double>(i) / (interior + 1));
    EXPECT_EQ(b.size(), interior + 1);
    EXPECT_EQ(b.evaluate(0.3).size(), static_cast<std::size_t>(interior + 1));
  }
  EXPECT_EQ(am::SplineBasis(0).evaluate(0.25), std::vector<double>{0.25});  // a straight line
  EXPECT_THROW(am::SplineBasis(-1), std::invalid_argument);
}

TEST(SplineBasis, LinearBeyondTheBoundaryKnotsCubicInside) {
  const am::SplineBasis b(2);
  for (int c = 0; c < b.size(); ++c) {
    auto at = [&](double u) { return b.evaluate(u)[static_cast<std::size_t>(c)]; };
    // Second differences vanish beyond both boundary knots (natural: linear tails) ...
    EXPECT_NEAR(at(1.2) - 2 * at(1.5) + at(1.8), 0.0, 1e-12) << "column " << c;
    EXPECT_NEAR(at(-0.8) - 2 * at(-0.5) + at(-0.2), 0.0, 1e-12) << "column " << c;
  }
  // ... but not inside, where the curvature columns bend.
  auto bend = [&](double u) { return b.evaluate(u)[1]; };
  EXPECT_GT(std::abs(bend(0.5) - 2 * bend(0.7) + bend(0.9)), 1e-4);
  // At u = 0 every column is 0 (the intercept carries the constant) and the first column is u itself.
  for (double v : b.evaluate(0.0)) EXPECT_DOUBLE_EQ(v, 0.0);
  EXPECT_DOUBLE_EQ(b.evaluate(0.42)[0], 0.42);
}

TEST(Parameter, ClassifiesConstantBooleanCategoricalAndNumericOnTheRightScale) {
  const auto k = am::Parameter::describe("KWG", {16, 16, 16}, 2);
  EXPECT_EQ(k.kind(), am::ParameterKind::constant);
  EXPECT_EQ(k.columns(), 0);

  const auto sa = am::Parameter::describe("SA", {0, 1, 1, 0}, 2);
  EXPECT_EQ(sa.kind(), am::ParameterKind::categorical);
  EXPECT_EQ(sa.evaluate(0), std::vector<double>{0.0});
  EXPECT_EQ(sa.evaluate(1), std::vector<double>{1.0});
  EXPECT_THROW(sa.evaluate(2), std::invalid_argument);

  const auto cat = am::Parameter::describe("V", {4, 8, 2, 4}, 2, am::ParameterKind::categorical);
  EXPECT_EQ(cat.kind(), am::ParameterKind::categorical);
  EXPECT_EQ(cat.levels(), (std::vector<double>{2, 4, 8}));
  EXPECT_EQ(cat.evaluate(8), (std::vector<double>{0.0, 1.0}));

  // 16..128 spans 8x: log2 scale, knots evenly spaced in log2 (16, 32, 64, 128 with 2 interior knots).
  const auto mwg = am::Parameter::describe("MWG", {16, 32, 64, 128, 32}, 2);
  EXPECT_EQ(mwg.kind(), am::ParameterKind::numeric);
  EXPECT_TRUE(mwg.log_scale());
  const auto knots = mwg.knot_values();
  ASSERT_EQ(knots.size(), 4u);
  EXPECT_NEAR(knots[1], 32, 1e-9);
  EXPECT_NEAR(knots[2], 64, 1e-9);
  EXPECT_THROW(mwg.evaluate(0), std::invalid_argument);

  // Three distinct values leave room for one interior knot only; 1..4 is linear.
  const auto small = am::Parameter::describe("X", {1, 2, 3, 2}, 3);
  EXPECT_FALSE(small.log_scale());
  EXPECT_EQ(small.interior_knots(), 1);
  EXPECT_THROW(am::Parameter::describe("X", {1, 2, 3}, 4), std::invalid_argument);
  // Forced numeric with two values: a straight line through them (on the log scale here).
  const auto two = am::Parameter::describe("size", {1024, 8192}, 2, am::ParameterKind::numeric);
  EXPECT_EQ(two.kind(), am::ParameterKind::numeric);
  EXPECT_EQ(two.interior_knots(), 0);
  EXPECT_NEAR(two.evaluate(2048)[0], 1.0 / 3, 1e-12);
}
