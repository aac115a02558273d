// Knee status: a detected knee at the first or last size, or below half the plateau, is an edge, not found.
#include "suite/results/knee_status.hpp"

#include <gtest/gtest.h>

namespace autobench::results {
namespace {

Campaign with_knee(std::int64_t index, bool detected, double quality = 0.9) {
  Campaign c;
  c.points.resize(6);
  c.knee_detected = detected;
  c.knee_index = index;
  c.knee_quality = quality;
  return c;
}

TEST(KneeStatus, AKneeInsideTheSizesOnThePlateauIsFound) {
  EXPECT_EQ(knee_status(with_knee(3, true)), KneeStatus::found);
  EXPECT_EQ(knee_status(with_knee(1, true, kNaN)), KneeStatus::found);  // no quality recorded: not rejected
  EXPECT_STREQ(to_string(KneeStatus::found), "found");
}

TEST(KneeStatus, AKneeAtTheFirstOrLastSizeIsAnEdge) {
  EXPECT_EQ(knee_status(with_knee(0, true, 0.235)), KneeStatus::edge);  // chase/kneedle in issue 34
  EXPECT_EQ(knee_status(with_knee(0, true, 1.0)), KneeStatus::edge);
  EXPECT_EQ(knee_status(with_knee(5, true)), KneeStatus::edge);
  EXPECT_STREQ(to_string(KneeStatus::edge), "edge");
}

TEST(KneeStatus, AKneeBelowHalfThePlateauIsAnEdge) {
  EXPECT_EQ(knee_status(with_knee(2, true, 0.49)), KneeStatus::edge);
  EXPECT_EQ(knee_status(with_knee(2, true, kMinKneeQuality)), KneeStatus::found);
}

TEST(KneeStatus, NoDetectedKneeOrNoPointsIsNone) {
  EXPECT_EQ(knee_status(with_knee(5, false)), KneeStatus::none);  // lmethod without a knee: the last point
  EXPECT_EQ(knee_status(with_knee(3, false)), KneeStatus::none);
  Campaign empty;
  empty.knee_detected = true;
  EXPECT_EQ(knee_status(empty), KneeStatus::none);
  EXPECT_STREQ(to_string(KneeStatus::none), "none");
}

}  // namespace
}  // namespace autobench::results
