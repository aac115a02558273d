// Throttled points and knee detection: points are flagged by a throttle reason or a fallen SM clock, a
// throttled point with two clean neighbours is replaced by their interpolation in log size, detection waits
// one point for a throttled latest point's second neighbour, and a knee never stays on a throttled point.
#include <cmath>
#include <vector>

#include <gtest/gtest.h>

#include "suite/autoscale/throttled.hpp"
#include "suite/results/clock_events.hpp"

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

std::vector<ab::results::Point> points(const std::vector<double>& clocks) {
  std::vector<ab::results::Point> out;
  std::uint64_t size = 1000;
  for (double clock : clocks) {
    ab::results::Point p;
    p.size = size;
    p.sm_clock_mhz = clock;
    out.push_back(p);
    size *= 2;
  }
  return out;
}

TEST(FlagThrottled, AClockBelowNinetyPercentOfTheSweepsMedianIsFlaggedWithBothValues) {
  auto ps = points({1980, 1980, 1790, 1780, 1980, 1980});  // 1790 > 0.9 x 1980 = 1782 > 1780
  ab::autoscale::flag_throttled(ps);
  EXPECT_FALSE(ps[2].throttled);
  EXPECT_TRUE(ps[3].throttled);
  EXPECT_EQ(ps[3].throttle_reason, "sm_clock 1780/1980 MHz");
  for (std::size_t i : {0, 1, 4, 5}) EXPECT_FALSE(ps[i].throttled) << i;
}

TEST(FlagThrottled, KeepsTheTimedLaunchesReasonsAndAddsAFallenClock) {
  auto ps = points({1980, 1200, 1980, ab::results::kNaN});
  ps[1].throttled = true;
  ps[1].throttle_reason = ab::results::throttle_reason_names(0x20 | 0x1);  // 0x1 (GPU idle) is no throttle reason
  ab::autoscale::flag_throttled(ps);
  EXPECT_EQ(ps[1].throttle_reason, "sw_thermal_slowdown, sm_clock 1200/1980 MHz");
  EXPECT_FALSE(ps[3].throttled) << "a point without a clock reading is not flagged by it";
  auto plain = points({ab::results::kNaN, ab::results::kNaN});
  ab::autoscale::flag_throttled(plain);
  EXPECT_FALSE(plain[0].throttled);
}

TEST(ThrottleReasonNames, NamesEveryThrottleBit) {
  EXPECT_EQ(ab::results::throttle_reason_names(0x4 | 0x8 | 0x20 | 0x40 | 0x80),
            "sw_power_cap+hw_slowdown+sw_thermal_slowdown+hw_thermal_slowdown+hw_power_brake");
  EXPECT_EQ(ab::results::throttle_reason_names(0x1 | 0x2), "");
}

ab::results::Campaign campaign_with_knee_at(std::int64_t knee, std::vector<bool> throttled) {
  ab::results::Campaign c;
  c.points = points(std::vector<double>(throttled.size(), 1980));
  for (std::size_t i = 0; i < throttled.size(); ++i) c.points[i].throttled = throttled[i];
  c.knee_detected = true;
  c.knee_index = knee;
  c.knee_size = c.points[static_cast<std::size_t>(knee)].size;
  return c;
}

TEST(MoveKneeOffThrottled, MovesToTheNearestCleanPointTheLargerOnATie) {
  auto c = campaign_with_knee_at(2, {false, false, true, false, false});
  ab::autoscale::move_knee_off_throttled(c);
  EXPECT_TRUE(c.knee_detected);
  EXPECT_EQ(c.knee_index, 3) << "sizes double: 2000 and 8000 are as near as each other in log size";
  EXPECT_EQ(c.knee_size, 8000u);
  EXPECT_NE(c.detector_params.find("knee_moved_off_throttled=4000"), std::string::npos);
  auto nearer = campaign_with_knee_at(2, {false, false, true, true, false});
  ab::autoscale::move_knee_off_throttled(nearer);
  EXPECT_EQ(nearer.knee_index, 1);
}

TEST(MoveKneeOffThrottled, LeavesACleanKneeAndDropsOneWithoutACleanPoint) {
  auto clean = campaign_with_knee_at(1, {true, false, true});
  ab::autoscale::move_knee_off_throttled(clean);
  EXPECT_EQ(clean.knee_index, 1);
  EXPECT_TRUE(clean.detector_params.empty());
  auto all = campaign_with_knee_at(1, {true, true, true});
  ab::autoscale::move_knee_off_throttled(all);
  EXPECT_FALSE(all.knee_detected);
  EXPECT_EQ(all.knee_index, 2) << "no knee: the last point, as everywhere";
}

}  // namespace
