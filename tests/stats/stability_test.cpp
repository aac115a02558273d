// Knee stability statistics against numbers computed by hand (and checked with numpy).
#include "suite/stats/stability.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>

namespace autobench::stats {
namespace {

using results::Campaign;
using results::RankResult;

// A campaign of 8 points whose throughput is 10 * (index + 1), so the throughput at knee index k is
// 10 * (k + 1) and differs from the last point's.
Campaign campaign(const std::string& kernel, const std::string& detector, std::int64_t knee_index,
                  std::uint64_t knee_size) {
  Campaign c;
  c.kernel = kernel;
  c.detector = detector;
  for (int i = 0; i < 8; ++i) {
    results::Point p;
    p.size = 1000ULL * static_cast<std::uint64_t>(i + 1);
    p.throughput = 10.0 * (i + 1);
    c.points.push_back(p);
  }
  c.knee_detected = true;
  c.knee_index = knee_index;
  c.knee_size = knee_size;
  return c;
}

RankResult rank(int r, const std::string& model) {
  RankResult out;
  out.rank = r;
  out.device.model = model;
  return out;
}

// Rank 0 (model A): knees 3, 5, 5, 3; rank 1 (A): knee 4; rank 2 (B): knee 2 and a campaign without
// points, which does not count; rank 3 could not start.
std::vector<RankResult> scenario() {
  std::vector<RankResult> ranks{rank(0, "A"), rank(1, "A"), rank(2, "B"), rank(3, "C")};
  ranks[0].campaigns = {campaign("vecadd", "kneedle", 3, 100), campaign("vecadd", "kneedle", 5, 400),
                        campaign("vecadd", "kneedle", 5, 200), campaign("vecadd", "kneedle", 3, 300),
                        campaign("vecadd", "slope", 6, 700),   campaign("gemm", "kneedle", 1, 64)};
  ranks[1].campaigns = {campaign("vecadd", "kneedle", 4, 500)};
  Campaign failed = campaign("vecadd", "kneedle", 7, 999);
  failed.points.clear();
  ranks[2].campaigns = {campaign("vecadd", "kneedle", 2, 50), failed};
  ranks[3].start_error = "no device";
  return ranks;
}

const results::StabilityRow& find(const std::vector<results::StabilityRow>& rows, const std::string& kernel, const std::string& detector,
                         const std::string& group) {
  for (const auto& r : rows) {
    if (r.kernel == kernel && r.detector == detector && r.group == group) return r;
  }
  throw std::logic_error("no row " + kernel + "/" + detector + "/" + group);
}

TEST(Stability, RowsAreOrderedByKernelDetectorScopeAndGroup) {
  const auto rows = compute_stability(scenario());
  std::vector<std::string> keys;
  for (const auto& r : rows) keys.push_back(r.kernel + "/" + r.detector + "/" + r.scope + "/" + r.group);
  EXPECT_EQ(keys, (std::vector<std::string>{
                      "gemm/kneedle/device/rank0", "gemm/kneedle/model/A", "gemm/kneedle/all/all",
                      "vecadd/kneedle/device/rank0", "vecadd/kneedle/device/rank1", "vecadd/kneedle/device/rank2",
                      "vecadd/kneedle/model/A", "vecadd/kneedle/model/B", "vecadd/kneedle/all/all",
                      "vecadd/slope/device/rank0", "vecadd/slope/model/A", "vecadd/slope/all/all"}));
}

TEST(Stability, DeviceScopeWithATiedModeTakesTheSmallestIndex) {
  const auto& r = find(compute_stability(scenario()), "vecadd", "kneedle", "rank0");
  EXPECT_EQ(r.scope, "device");
  EXPECT_EQ(r.campaigns, 4);
  EXPECT_EQ(r.knee_index_mode, 3);  // 3 and 5 both twice
  EXPECT_DOUBLE_EQ(r.knee_index_mean, 4.0);
  EXPECT_DOUBLE_EQ(r.knee_index_stddev, 1.0);
  EXPECT_DOUBLE_EQ(r.knee_size_median, 250.0);  // sizes 100 200 300 400
  EXPECT_DOUBLE_EQ(r.knee_size_iqr, 325.0 - 175.0);
  EXPECT_DOUBLE_EQ(r.within1_fraction, 0.5);  // the two 5s are 2 away from 3
  EXPECT_DOUBLE_EQ(r.throughput_cv, 0.2);     // 40 60 60 40: mean 50, stddev 10
}

TEST(Stability, OneCampaignHasNoSpread) {
  const auto& r = find(compute_stability(scenario()), "vecadd", "kneedle", "rank1");
  EXPECT_EQ(r.campaigns, 1);
  EXPECT_EQ(r.knee_index_mode, 4);
  EXPECT_DOUBLE_EQ(r.knee_index_mean, 4.0);
  EXPECT_DOUBLE_EQ(r.knee_index_stddev, 0.0);
  EXPECT_DOUBLE_EQ(r.knee_size_median, 500.0);
  EXPECT_DOUBLE_EQ(r.knee_size_iqr, 0.0);
  EXPECT_DOUBLE_EQ(r.within1_fraction, 1.0);
  EXPECT_DOUBLE_EQ(r.throughput_cv, 0.0);
}

TEST(Stability, ModelScopeJoinsTheDevicesOfAModel) {
  const auto& r = find(compute_stability(scenario()), "vecadd", "kneedle", "A");
  EXPECT_EQ(r.scope, "model");
  EXPECT_EQ(r.campaigns, 5);  // knees 3 5 5 3 4
  EXPECT_EQ(r.knee_index_mode, 3);
  EXPECT_DOUBLE_EQ(r.knee_index_mean, 4.0);
  EXPECT_DOUBLE_EQ(r.knee_index_stddev, std::sqrt(0.8));
  EXPECT_DOUBLE_EQ(r.knee_size_median, 300.0);  // sizes 100 200 300 400 500
  EXPECT_DOUBLE_EQ(r.knee_size_iqr, 200.0);
  EXPECT_DOUBLE_EQ(r.within1_fraction, 0.6);
  EXPECT_DOUBLE_EQ(r.throughput_cv, std::sqrt(80.0) / 50.0);

  const auto& b = find(compute_stability(scenario()), "vecadd", "kneedle", "B");
  EXPECT_EQ(b.campaigns, 1);  // the campaign without points does not count
  EXPECT_EQ(b.knee_index_mode, 2);
}

TEST(Stability, AllScopeInterpolatesQuartilesLikeNumpy) {
  const auto& r = find(compute_stability(scenario()), "vecadd", "kneedle", "all");
  EXPECT_EQ(r.scope, "all");
  EXPECT_EQ(r.campaigns, 6);  // knees 3 5 5 3 4 2
  EXPECT_EQ(r.knee_index_mode, 3);
  EXPECT_DOUBLE_EQ(r.knee_index_mean, 22.0 / 6.0);
  EXPECT_DOUBLE_EQ(r.knee_index_stddev, std::sqrt(11.0 / 9.0));
  EXPECT_DOUBLE_EQ(r.knee_size_median, 250.0);  // sizes 50 100 200 300 400 500
  EXPECT_DOUBLE_EQ(r.knee_size_iqr, 375.0 - 125.0);
  EXPECT_DOUBLE_EQ(r.within1_fraction, 4.0 / 6.0);
  EXPECT_NEAR(r.throughput_cv, 0.23690177073967145, 1e-15);  // 40 60 60 40 50 30
}

TEST(Stability, DeviceGroupsAreInRankOrderAndModelGroupsInNameOrder) {
  std::vector<RankResult> ranks{rank(10, "B"), rank(2, "A")};
  ranks[0].campaigns = {campaign("k", "d", 1, 1)};
  ranks[1].campaigns = {campaign("k", "d", 1, 1)};
  std::vector<std::string> groups;
  for (const auto& r : compute_stability(ranks)) groups.push_back(r.group);
  EXPECT_EQ(groups, (std::vector<std::string>{"rank2", "rank10", "A", "B", "all"}));
}

TEST(Stability, EdgeKneesAndMissesAreCountedButLeftOutOfTheStatistics) {
  // Issue 34: chase/kneedle put every knee at the first size and lmethod found none; both looked perfectly
  // stable (within1 1.00, size_cv 0.000). Now they find 0 knees and have no statistics.
  std::vector<RankResult> ranks{rank(0, "A")};
  for (int repeat = 0; repeat < 3; ++repeat) {
    ranks[0].campaigns.push_back(campaign("chase", "kneedle", 0, 1000));
    Campaign none = campaign("chase", "lmethod", 7, 8000);
    none.knee_detected = false;
    ranks[0].campaigns.push_back(none);
  }
  for (const auto& r : compute_stability(ranks)) {
    EXPECT_EQ(r.campaigns, 3);
    EXPECT_EQ(r.knees_found, 0);
    EXPECT_EQ(r.knee_edges, r.detector == "kneedle" ? 3 : 0);
    EXPECT_EQ(r.knee_index_mode, -1);
    EXPECT_TRUE(std::isnan(r.within1_fraction));
    EXPECT_TRUE(std::isnan(r.knee_size_cv));
    EXPECT_TRUE(std::isnan(r.knee_size_median));
  }
}

TEST(Stability, StatisticsAreOverTheKneesFoundOnly) {
  std::vector<RankResult> ranks{rank(0, "A")};
  ranks[0].campaigns = {campaign("k", "d", 3, 300), campaign("k", "d", 3, 300), campaign("k", "d", 7, 800)};
  const auto& r = find(compute_stability(ranks), "k", "d", "all");
  EXPECT_EQ(r.campaigns, 3);
  EXPECT_EQ(r.knees_found, 2);
  EXPECT_EQ(r.knee_edges, 1);  // index 7 is the last of 8 points
  EXPECT_DOUBLE_EQ(r.knee_size_median, 300.0);
  EXPECT_DOUBLE_EQ(r.knee_size_cv, 0.0);
  EXPECT_DOUBLE_EQ(r.within1_fraction, 1.0);
}

TEST(Stability, OfCompleteLeavesTheIncompleteCampaignsOut) {
  std::vector<RankResult> ranks{rank(0, "A")};
  ranks[0].campaigns = {campaign("k", "d", 3, 300), campaign("k", "d", 3, 300), campaign("k", "d", 5, 500),
                        campaign("k", "e", 4, 400)};
  ranks[0].campaigns[2].complete = ranks[0].campaigns[3].complete = false;  // stopped before they finished
  const auto& d = find(stability_of_complete(ranks), "k", "d", "all");
  EXPECT_EQ(d.campaigns, 2);
  EXPECT_DOUBLE_EQ(d.knee_size_median, 300.0);
  EXPECT_DOUBLE_EQ(d.knee_size_cv, 0.0);
  EXPECT_EQ(find(compute_stability(ranks), "k", "d", "all").campaigns, 3);
  for (const auto& r : stability_of_complete(ranks)) EXPECT_EQ(r.detector, "d") << "e has no complete campaign";
}

TEST(Stability, NoCampaignsNoRows) {
  EXPECT_TRUE(compute_stability({}).empty());
  EXPECT_TRUE(compute_stability({rank(0, "A")}).empty());
}

TEST(Stability, KneeIndexOutsideThePointsIsAnError) {  // also when not detected: the file is damaged
  std::vector<RankResult> ranks{rank(0, "A")};
  ranks[0].campaigns = {campaign("k", "d", 8, 1)};
  EXPECT_THROW(compute_stability(ranks), std::invalid_argument);
  ranks[0].campaigns = {campaign("k", "d", -1, 1)};
  EXPECT_THROW(compute_stability(ranks), std::invalid_argument);
}

}  // namespace
}  // namespace autobench::stats
