// Detector agreement per (kernel, detector pair) against fractions and medians computed by hand.
#include "suite/stats/detector_agreement.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace autobench::stats {
namespace {

using results::Campaign;
using results::RankResult;

// A campaign of 8 points with its knee at `knee_index` and the given knee size.
Campaign campaign(const std::string& kernel, const std::string& detector, int repeat, std::int64_t knee_index,
                  std::uint64_t knee_size) {
  Campaign c;
  c.kernel = kernel;
  c.detector = detector;
  c.repeat = repeat;
  c.points.resize(8);
  c.knee_detected = true;
  c.knee_index = knee_index;
  c.knee_size = knee_size;
  return c;
}

// vecadd, (rank, repeat) -> (detector: knee index, knee size):
//   (0, 0): kneedle 3, 800    lmethod 6, 1600   triangle 4, 1000
//   (0, 1): kneedle 5, 1200                     triangle 5, 1200
//   (1, 0): kneedle 2, 500    lmethod (no points, does not count)   triangle 5, 2000
//   (1, 1): kneedle 4, 900                      triangle 3, 450
// gemm ran kneedle only, and one vecadd lmethod campaign on rank 1 repeat 1 has a knee index outside its
// points, so neither contributes.
std::vector<RankResult> scenario() {
  std::vector<RankResult> ranks(2);
  ranks[0].rank = 0;
  ranks[1].rank = 1;
  Campaign empty = campaign("vecadd", "lmethod", 0, 0, 0);
  empty.points.clear();
  ranks[0].campaigns = {campaign("vecadd", "kneedle", 0, 3, 800),  campaign("vecadd", "lmethod", 0, 6, 1600),
                        campaign("vecadd", "triangle", 0, 4, 1000), campaign("vecadd", "kneedle", 1, 5, 1200),
                        campaign("vecadd", "triangle", 1, 5, 1200), campaign("gemm", "kneedle", 0, 2, 64)};
  ranks[1].campaigns = {campaign("vecadd", "triangle", 0, 5, 2000), campaign("vecadd", "kneedle", 0, 2, 500), empty,
                        campaign("vecadd", "kneedle", 1, 4, 900),   campaign("vecadd", "triangle", 1, 3, 450),
                        campaign("vecadd", "lmethod", 1, 8, 999)};
  return ranks;
}

TEST(DetectorAgreement, OneRowPerKernelAndDetectorPairInNameOrder) {
  const auto rows = compute_detector_agreement(scenario());
  std::vector<std::string> keys;
  for (const auto& r : rows) keys.push_back(r.kernel + "/" + r.first_detector + "/" + r.second_detector);
  EXPECT_EQ(keys, (std::vector<std::string>{"vecadd/kneedle/lmethod", "vecadd/kneedle/triangle",
                                            "vecadd/lmethod/triangle"}));
}

TEST(DetectorAgreement, KneedleAndTriangleOverFourSweeps) {
  const auto row = compute_detector_agreement(scenario())[1];
  // Index differences 1, 0, 3, -1: three of four within one index.
  EXPECT_EQ(row.compared, 4);
  EXPECT_DOUBLE_EQ(row.within1_fraction, 0.75);
  // Ratios triangle / kneedle: 1000/800 = 1.25, 1200/1200 = 1, 2000/500 = 4, 450/900 = 0.5;
  // sorted 0.5, 1, 1.25, 4: median (1 + 1.25) / 2.
  EXPECT_DOUBLE_EQ(row.knee_size_ratio_median, 1.125);
}

TEST(DetectorAgreement, PairsSeenOnceCountOneSweep) {
  const auto rows = compute_detector_agreement(scenario());
  const auto& kneedle_lmethod = rows[0];  // rank 0 repeat 0 only: indices 3 and 6
  EXPECT_EQ(kneedle_lmethod.compared, 1);
  EXPECT_DOUBLE_EQ(kneedle_lmethod.within1_fraction, 0.0);
  EXPECT_DOUBLE_EQ(kneedle_lmethod.knee_size_ratio_median, 2.0);  // 1600 / 800
  const auto& lmethod_triangle = rows[2];  // indices 6 and 4
  EXPECT_EQ(lmethod_triangle.compared, 1);
  EXPECT_DOUBLE_EQ(lmethod_triangle.within1_fraction, 0.0);
  EXPECT_DOUBLE_EQ(lmethod_triangle.knee_size_ratio_median, 0.625);  // 1000 / 1600
}

TEST(DetectorAgreement, SweepsWhereEitherFoundNoKneeAreNotCompared) {
  std::vector<RankResult> ranks(1);
  Campaign none = campaign("chase", "lmethod", 0, 7, 9000);  // no knee: the last point
  none.knee_detected = false;
  ranks[0].campaigns = {campaign("chase", "kneedle", 0, 0, 100),  // an edge: the first size
                        none, campaign("chase", "kneedle", 1, 3, 800), campaign("chase", "lmethod", 1, 4, 1600)};
  const auto rows = compute_detector_agreement(ranks);
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].sweeps, 2);
  EXPECT_EQ(rows[0].compared, 1);
  EXPECT_DOUBLE_EQ(rows[0].within1_fraction, 1.0);
  EXPECT_DOUBLE_EQ(rows[0].knee_size_ratio_median, 2.0);
  ranks[0].campaigns.resize(2);  // only the edge and the miss: nothing compared, no figures
  const auto only_misses = compute_detector_agreement(ranks);
  EXPECT_EQ(only_misses[0].compared, 0);
  EXPECT_TRUE(std::isnan(only_misses[0].within1_fraction));
  EXPECT_TRUE(std::isnan(only_misses[0].knee_size_ratio_median));
}

TEST(DetectorAgreement, NoRowsWhenEverySweepRanOneDetector) {
  std::vector<RankResult> ranks(1);
  ranks[0].campaigns = {campaign("vecadd", "kneedle", 0, 3, 800), campaign("vecadd", "kneedle", 1, 3, 800),
                        campaign("gemm", "triangle", 0, 2, 64)};
  EXPECT_TRUE(compute_detector_agreement(ranks).empty());
}

}  // namespace
}  // namespace autobench::stats
