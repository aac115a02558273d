// Throttled points and knee detection: a throttled point with two clean neighbours is replaced by their
// interpolation in log size, and detection waits one point for a throttled latest point's second neighbour.
#include <cmath>
#include <vector>

#include <gtest/gtest.h>

#include "suite/autoscale/throttled.hpp"

namespace ab = autobench;

namespace {

std::vector<ab::detect::PointTiming> flags(std::vector<bool> throttled) {
  std::vector<ab::detect::PointTiming> t;
  for (bool b : throttled) t.push_back({1e-3, 1e-5, b});
  return t;
}

TEST(HeldOut, AThrottledPointBetweenCleanNeighboursTakesTheirLogSizeInterpolation) {
  const ab::detect::Curve c{{100, 1000, 10000, 100000}, {1, 50, 3, 4}};
  const auto held = ab::autoscale::held_out(c, flags({false, true, false, false}));
  EXPECT_DOUBLE_EQ(held.y[1], 2.0);  // halfway in log size between 1 and 3
  EXPECT_EQ(held.y[0], 1.0);
  EXPECT_EQ(held.y[2], 3.0);
}

TEST(HeldOut, KeepsThrottledPointsWithoutTwoCleanNeighbours) {
  const ab::detect::Curve c{{100, 1000, 10000, 100000}, {9, 50, 60, 4}};
  const auto held = ab::autoscale::held_out(c, flags({true, true, true, false}));
  EXPECT_EQ(held.y, c.y);
  const auto last = ab::autoscale::held_out(c, flags({false, false, false, true}));
  EXPECT_EQ(last.y, c.y);
}

TEST(AwaitsCleanNeighbour, OnlyWhileTheLatestIsThrottledAndTheOneBeforeClean) {
  EXPECT_TRUE(ab::autoscale::awaits_clean_neighbour(flags({false, false, true})));
  EXPECT_FALSE(ab::autoscale::awaits_clean_neighbour(flags({false, true, true})));
  EXPECT_FALSE(ab::autoscale::awaits_clean_neighbour(flags({false, true, false})));
  EXPECT_FALSE(ab::autoscale::awaits_clean_neighbour(flags({true})));
}

}  // namespace
