// Model parameters: classified as constant, boolean, categorical or numeric, on the right scale, and coded
// as indicator or spline columns.
#include <gtest/gtest.h>

#include "model/parameter.hpp"

namespace am = autobench::model;

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
