// Bootstrap knee intervals from replicate knees: percentiles widened to the sizes a knee index stands for,
// and counting intervals that share a size.
#include <cmath>
#include <optional>
#include <stdexcept>
#include <vector>

#include <gtest/gtest.h>

#include "detect/interval.hpp"

namespace autobench::detect {
namespace {

const std::vector<double> kSizes = {100, 200, 400, 800, 1600, 3200};

TEST(PercentileInterval, OneKneeIndexSpansTheSizesNearerItThanItsNeighbours) {
  const KneeInterval i = percentile_interval(kSizes, {3, 3, 3, 3});
  EXPECT_DOUBLE_EQ(i.low, std::sqrt(400.0 * 800.0));
  EXPECT_DOUBLE_EQ(i.high, std::sqrt(800.0 * 1600.0));
  EXPECT_DOUBLE_EQ(i.found, 1.0);
}

TEST(PercentileInterval, ReachesTheEndSizesAtTheEnds) {
  const KneeInterval i = percentile_interval(kSizes, {0, 5});
  EXPECT_DOUBLE_EQ(i.low, 100.0);
  EXPECT_DOUBLE_EQ(i.high, 3200.0);
}

TEST(PercentileInterval, DropsTheOutermostTwoAndAHalfPercentOnEachSide) {
  // 40 replicates: the nearest rank of 2.5% is the 1st, of 97.5% the 39th, so of one outlier on each side
  // only the top one is cut.
  std::vector<std::optional<std::size_t>> knees(38, 2);
  knees.push_back(0);
  knees.push_back(5);
  const KneeInterval i = percentile_interval(kSizes, knees);
  EXPECT_DOUBLE_EQ(i.low, 100.0);                          // the low outlier is rank 1
  EXPECT_DOUBLE_EQ(i.high, std::sqrt(400.0 * 800.0));      // the high one is cut
}

TEST(PercentileInterval, CountsReplicatesWithoutAKneeOnlyInTheFoundShare) {
  const KneeInterval i = percentile_interval(kSizes, {2, std::nullopt, 2, std::nullopt});
  EXPECT_DOUBLE_EQ(i.found, 0.5);
  EXPECT_DOUBLE_EQ(i.low, std::sqrt(200.0 * 400.0));
  const KneeInterval none = percentile_interval(kSizes, {std::nullopt});
  EXPECT_TRUE(std::isnan(none.low) && std::isnan(none.high));
  EXPECT_DOUBLE_EQ(none.found, 0.0);
}

TEST(PercentileInterval, RejectsABadLevelOrIndex) {
  EXPECT_THROW(percentile_interval(kSizes, {1}, 1.0), std::invalid_argument);
  EXPECT_THROW(percentile_interval(kSizes, {1}, NAN), std::invalid_argument);
  EXPECT_THROW(percentile_interval(kSizes, {6}), std::invalid_argument);
}

TEST(MostOverlapping, CountsTheDeepestPileOfIntervalsSharingASize) {
  const double nan = std::nan("");
  EXPECT_EQ(most_overlapping({}), 0u);
  EXPECT_EQ(most_overlapping({{nan, nan, 0.0}}), 0u);
  EXPECT_EQ(most_overlapping({{1, 3, 1}, {2, 5, 1}, {4, 6, 1}}), 2u);
  EXPECT_EQ(most_overlapping({{1, 3, 1}, {3, 5, 1}, {2, 4, 1}, {10, 11, 1}}), 3u);  // touching counts
  EXPECT_TRUE(overlap({1, 3, 1}, {3, 4, 1}));
  EXPECT_FALSE(overlap({1, 2, 1}, {3, 4, 1}));
  EXPECT_FALSE(overlap({nan, nan, 0}, {1, 4, 1}));
}

}  // namespace
}  // namespace autobench::detect
