// Knee quality: plateau definition, throughput fraction at the knee, position in the x-space.
#include <cmath>
#include <stdexcept>

#include <gtest/gtest.h>

#include "detect/quality.hpp"
#include "tests/detect/curves.hpp"

namespace autobench::detect {
namespace {

using testing::log_roofline;

TEST(Plateau, IsTheMedianOfTheTopFifthAndAtLeastThreeValues) {
  EXPECT_DOUBLE_EQ(plateau({1, 2, 3, 4, 5, 6, 7, 8, 9, 10}), 9.0);  // top 3: 10, 9, 8
  std::vector<double> y;
  for (int i = 1; i <= 20; ++i) y.push_back(i);
  EXPECT_DOUBLE_EQ(plateau(y), 18.5);                              // top 4: 20, 19, 18, 17
  EXPECT_DOUBLE_EQ(plateau({4, 6}), 5.0);                          // fewer than 3: all of them
  EXPECT_THROW(plateau({}), std::invalid_argument);
}

TEST(Plateau, IgnoresASingleSpikeAboveTheLevel) {
  std::vector<double> y(20, 100.0);
  y[7] = 500.0;
  EXPECT_DOUBLE_EQ(plateau(y), 100.0);
}

TEST(KneeQuality, FractionOfThePlateauReachedAtTheKnee) {
  const Curve c = log_roofline(60, 30, 1000.0, 50.0);
  EXPECT_DOUBLE_EQ(knee_quality(c, 30, XScale::log).fraction, 1.0);
  EXPECT_DOUBLE_EQ(knee_quality(c, 45, XScale::log).fraction, 1.0);
  EXPECT_NEAR(knee_quality(c, 15, XScale::log).fraction, c.y[15] / 1000.0, 1e-15);
  EXPECT_LT(knee_quality(c, 15, XScale::log).fraction, 0.6);
  EXPECT_DOUBLE_EQ(knee_quality(c, 15, XScale::log).plateau, 1000.0);
}

TEST(KneeQuality, PositionIsTheKneesPlaceInTheChosenXSpace) {
  const Curve c = log_roofline(60, 30);
  const KneeQuality log_q = knee_quality(c, 30, XScale::log);
  EXPECT_EQ(log_q.x_scale, XScale::log);
  EXPECT_NEAR(log_q.position, std::log10(c.x[30] / c.x[0]) / std::log10(c.x[59] / c.x[0]), 1e-12);
  EXPECT_NEAR(log_q.position, 30.0 / 59.0, 1e-3);  // geometric sizes sit evenly in log x
  const KneeQuality lin_q = knee_quality(c, 30, XScale::linear);
  EXPECT_EQ(lin_q.x_scale, XScale::linear);
  EXPECT_NEAR(lin_q.position, (c.x[30] - c.x[0]) / (c.x[59] - c.x[0]), 1e-12);
  EXPECT_LT(lin_q.position, 0.06);  // ... and crowd into the first sliver in linear x
}

TEST(KneeQuality, RejectsAKneeOutsideTheCurveAndANonPositivePlateau) {
  const Curve c = log_roofline(10, 5);
  EXPECT_THROW(knee_quality(c, 10, XScale::log), std::invalid_argument);
  EXPECT_THROW(knee_quality(Curve{{1, 2, 3}, {0, 0, 0}}, 1, XScale::log), std::invalid_argument);
}

}  // namespace
}  // namespace autobench::detect
