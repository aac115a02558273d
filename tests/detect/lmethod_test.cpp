// `lmethod`: vertex of the best two-line fit, its score, shape, and noise.
#include <gtest/gtest.h>

#include "detect/detector.hpp"
#include "tests/detect/curves.hpp"
#include "tests/detect/noise_trials.hpp"

namespace autobench::detect {
namespace {

using testing::log_roofline;
using testing::share_near;

TEST(LMethod, TwoExactLinesGiveTheirSharedVertexAndScoreOne) {
  for (std::size_t knee : {3u, 25u, 55u}) {
    const Knee k = make("lmethod")->find(log_roofline(60, knee));
    EXPECT_EQ(k.index, knee);
    EXPECT_NEAR(k.score, 1.0, 1e-9) << "two lines leave no misfit";
  }
}

TEST(LMethod, ScoreFallsWhenTheBendIsRounded) {
  Curve c = log_roofline(60, 30);
  for (std::size_t i = 27; i <= 33; ++i) c.y[i] = (c.y[i - 1] + c.y[i] + c.y[i + 1]) / 3.0;  // round the corner
  const Knee k = make("lmethod")->find(c);
  ASSERT_TRUE(k.index.has_value());
  EXPECT_NEAR(static_cast<double>(*k.index), 30.0, 2.0);
  EXPECT_LT(k.score, 0.999);
  EXPECT_GT(k.score, 0.5);
}

TEST(LMethod, ConvexShapeFindsAnElbow) {
  Curve c = log_roofline(50, 35);
  for (double& y : c.y) y = 2000.0 - y;
  EXPECT_FALSE(make("lmethod")->find(c).index.has_value());
  Params p;
  p.shape = Shape::convex;
  EXPECT_EQ(make("lmethod", p)->find(c).index, 35u);
}

TEST(LMethod, StaysNearTheCornerUnderFivePercentNoise) {
  EXPECT_GE(share_near("lmethod", {}, log_roofline(60, 30), 0.05, 30, 5), 0.95);
  EXPECT_GE(share_near("lmethod", {}, log_roofline(60, 30), 0.05, 30, 2), 0.75);
}

}  // namespace
}  // namespace autobench::detect
