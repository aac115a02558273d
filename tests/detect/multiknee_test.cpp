// `multiknee`: every knee by recursive splitting, the first strong one as the saturation knee, its knobs.
#include <stdexcept>

#include <gtest/gtest.h>

#include "detect/detector.hpp"
#include "detect/multiknee.hpp"
#include "detect/unit_curve.hpp"
#include "tests/detect/curves.hpp"
#include "tests/detect/noise_trials.hpp"

namespace autobench::detect {
namespace {

using testing::log_piecewise;

// Two knees of about equal strength at 15 and 45, an elbow (not a knee) at 30.
Curve two_knees() { return log_piecewise(60, {{0, 10}, {15, 500}, {30, 500}, {45, 1000}}); }

// A weak knee at 5 (fast rise to 15%, then slower) and the saturation knee at 45.
Curve weak_then_strong() { return log_piecewise(60, {{0, 0}, {5, 150}, {45, 1000}}); }

TEST(MultiKnee, FindsEveryKneeAndNoElbow) {
  const Knee k = make("multiknee")->find(two_knees());
  EXPECT_EQ(k.all, (std::vector<std::size_t>{15, 45}));
  EXPECT_EQ(k.index, 15u) << "both are strong, the first saturates";
}

TEST(MultiKnee, AWeakEarlyKneeIsListedButTheStrongOneSaturates) {
  const Knee k = make("multiknee")->find(weak_then_strong());
  EXPECT_EQ(k.all, (std::vector<std::size_t>{5, 45}));
  EXPECT_EQ(k.index, 45u);
  Params p;
  p.declared["multiknee.strong_fraction"] = 0.1;  // the knee at 5 is about 0.14 of the one at 45
  EXPECT_EQ(make("multiknee", p)->find(weak_then_strong()).index, 5u);
}

TEST(MultiKnee, MinBendAndDistanceThresholdBothPruneWeakKnees) {
  Params p;
  p.declared["multiknee.min_bend"] = 0.05;
  EXPECT_EQ(make("multiknee", p)->find(weak_then_strong()).all, std::vector<std::size_t>{45});
  p.declared["multiknee.min_bend"] = 0.0;
  p.distance_threshold = 0.05;
  EXPECT_EQ(make("multiknee", p)->find(weak_then_strong()).all, std::vector<std::size_t>{45});
  p.distance_threshold = 0.5;  // above every knee's strength
  EXPECT_FALSE(make("multiknee", p)->find(weak_then_strong()).index.has_value());
}

TEST(MultiKnee, ASmoothCurveHasOneKneeNotABendPerSegment) {
  const Knee k = make("multiknee")->find(testing::saturating(131, 1e6));
  const Knee t = make("triangle")->find(testing::saturating(131, 1e6));
  EXPECT_EQ(k.index, t.index) << "the top-level split is the triangle knee";
  EXPECT_LE(k.all.size(), 3u);
}

TEST(MultiKnee, UsesTheConfiguredBaseDetector) {
  Params p;
  p.chosen["multiknee.base"] = "menger";
  EXPECT_EQ(make("multiknee", p)->find(two_knees()).all, (std::vector<std::size_t>{15, 45}));
  // The L-method splits the whole curve at 16, one point past the first corner, then [0, 16] at 15, and
  // [16, 59] (flat, rise, flat) from the elbow it starts with (chord.hpp) at the second corner, 45.
  p.chosen["multiknee.base"] = "lmethod";
  EXPECT_EQ(make("multiknee", p)->find(two_knees()).all, (std::vector<std::size_t>{15, 16, 45}));
}

TEST(MultiKnee, SegmentsShorterThanMinSegmentAreNotSearched) {
  Params p;
  p.declared["multiknee.min_segment"] = 46;  // the root (60 points) splits at 15; [15, 59] has 45 points and is not searched
  EXPECT_EQ(make("multiknee", p)->find(two_knees()).all, std::vector<std::size_t>{15});
  p.declared["multiknee.min_segment"] = 61;
  EXPECT_FALSE(make("multiknee", p)->find(two_knees()).index.has_value());
}

TEST(MultiKnee, StaysNearTheCornerUnderTwoPercentNoise) {
  EXPECT_GE(testing::share_near("multiknee", {}, testing::log_roofline(60, 30), 0.02, 30, 2), 0.95);
}

// Worst case: a staircase of 10^5 points whose 10^4 steps each rise 0.1 % less than the last. With no
// minimum bend the menger base peels one step off a segment per level (3000+ levels, O(n^2) work, without
// the bound); the split stops at kMultiKneeMaxLevels levels, each one pass over the curve.
TEST(MultiKnee, SplittingAStaircaseStopsAtTheLevelBound) {
  Curve stairs;
  double y = 0.0, step = 1.0;
  for (std::size_t i = 0; i < 100000; ++i) {
    if (i > 0 && i % 10 == 0) y += step, step *= 0.999;
    stairs.x.push_back(static_cast<double>(i + 1));
    stairs.y.push_back(y);
  }
  Params p;
  p.x_scale = XScale::linear;
  p.chosen["multiknee.base"] = "menger";
  p.declared["multiknee.min_bend"] = 0.0;
  const SplitKnees split = split_knees(stairs, unit_curve(stairs, p.x_scale), *make("menger", p), p);
  EXPECT_EQ(split.levels, kMultiKneeMaxLevels);
  EXPECT_GE(split.knees.size(), static_cast<std::size_t>(kMultiKneeMaxLevels) - 1) << "a knee a level at least";
  EXPECT_TRUE(make("multiknee", p)->find(stairs).index.has_value());
}

TEST(MultiKnee, RejectsBadParameters) {
  Params p;
  p.chosen["multiknee.base"] = "multiknee";
  EXPECT_THROW(make("multiknee", p), std::invalid_argument);
  p.chosen["multiknee.base"] = "hybrid";
  EXPECT_THROW(make("multiknee", p), std::invalid_argument);
  p.chosen["multiknee.base"] = "nosuch";
  EXPECT_THROW(make("multiknee", p), std::invalid_argument);
  p = {};
  p.declared["multiknee.strong_fraction"] = 0.0;
  EXPECT_THROW(make("multiknee", p), std::invalid_argument);
  p.declared["multiknee.strong_fraction"] = 1.5;
  EXPECT_THROW(make("multiknee", p), std::invalid_argument);
  p = {};
  p.declared["multiknee.min_segment"] = 2;
  EXPECT_THROW(make("multiknee", p), std::invalid_argument);
}

}  // namespace
}  // namespace autobench::detect
