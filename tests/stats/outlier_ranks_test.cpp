// Outlier ranks: the robust rule on known values (median +- k x scaled MAD, the relative floor, NaN,
// too few values), and find_outlier_ranks on hand-made ranks: one slow rank of four is named with its
// host, PCI bus and UUID; ranks of other models and models with fewer than three ranks are not compared.
#include <gtest/gtest.h>

#include <cmath>

#include "suite/stats/outlier_ranks.hpp"

namespace autobench::stats {
namespace {

const double nan = results::kNaN;

TEST(RobustOutliers, FlagsBeyondScaledMadAndTheFloor) {
  // median 10, deviations 0.1 0 0 0.1 3 -> MAD 0.1, limit 3.5 x 1.4826 x 0.1 = 0.519
  EXPECT_EQ(robust_outliers({9.9, 10, 10, 10.1, 13}, 3.5, 0.0, 3), (std::vector<bool>{false, false, false, false, true}));
  EXPECT_EQ(robust_outliers({9.9, 10, 10, 10.1, 10.5}, 3.5, 0.0, 3), (std::vector<bool>(5, false)));
  EXPECT_EQ(robust_outliers({9.9, 10, 10, 10.1, 10.6}, 3.5, 0.0, 3), (std::vector<bool>{false, false, false, false, true}));
  // Identical devices: MAD 0, so only the floor (5% of 10 = 0.5) keeps noise from counting.
  EXPECT_EQ(robust_outliers({10, 10, 10, 10.2}, 3.5, 0.0, 3), (std::vector<bool>{false, false, false, true}));
  EXPECT_EQ(robust_outliers({10, 10, 10, 10.2}, 3.5, 0.05, 3), (std::vector<bool>(4, false)));
  EXPECT_EQ(robust_outliers({10, 10, 10, 8}, 3.5, 0.05, 3), (std::vector<bool>{false, false, false, true}));
}

TEST(RobustOutliers, IgnoresNaNAndNeedsEnoughValues) {
  EXPECT_EQ(robust_outliers({10, nan, 10, 10, 5}, 3.5, 0.05, 3), (std::vector<bool>{false, false, false, false, true}));
  EXPECT_EQ(robust_outliers({10, nan, nan, 5}, 3.5, 0.05, 3), (std::vector<bool>(4, false))) << "two values";
  EXPECT_EQ(robust_outliers({}, 3.5, 0.05, 3), std::vector<bool>{});
}

results::Campaign campaign(const std::string& kernel, int repeat, double plateau, std::uint64_t knee, double power) {
  results::Campaign c;
  c.kernel = kernel;
  c.detector = "kneedle";
  c.repeat = repeat;
  results::Point p;
  p.size = knee;
  p.power_w = power;
  c.points = {p};
  c.knee_index = 0;
  c.knee_size = knee;
  c.knee_detected = true;
  c.plateau = plateau;
  c.stop_reason = results::StopReason::knee;
  return c;
}

results::RankResult rank(int r, const std::string& model, double plateau, std::uint64_t knee, double power) {
  results::RankResult out;
  out.rank = r;
  out.device.backend = "cuda";
  out.device.model = model;
  out.device.hostname = "node" + std::to_string(r);
  out.device.pci_bus_id = "00000000:0" + std::to_string(r) + ":00.0";
  out.device.uuid = "GPU-" + std::to_string(r);
  // Two repeats: the rank's value is their median (the mean of the two).
  out.campaigns = {campaign("vecadd", 0, plateau * 0.99, knee, power), campaign("vecadd", 1, plateau * 1.01, knee, power)};
  return out;
}

TEST(OutlierRanks, NamesTheSlowRankOfAModel) {
  const std::vector<results::RankResult> ranks{rank(0, "A", 100, 4096, 200), rank(1, "A", 101, 4096, 201),
                                               rank(2, "A", 80, 4096, 199), rank(3, "A", 100.5, 4096, 200),
                                               rank(4, "B", 10, 64, 50), rank(5, "B", 20, 64, 50)};
  const auto scan = find_outlier_ranks(ranks);
  EXPECT_EQ(scan.models, (std::vector<std::string>{"A (4 ranks)"})) << "B has two ranks: not compared";
  ASSERT_EQ(scan.flags.size(), 1u);
  const auto& f = scan.flags[0];
  EXPECT_EQ(f.rank, 2);
  EXPECT_EQ(f.hostname, "node2");
  EXPECT_EQ(f.pci_bus_id, "00000000:02:00.0");
  EXPECT_EQ(f.uuid, "GPU-2");
  EXPECT_EQ(f.model, "A");
  EXPECT_EQ(f.kernel, "vecadd");
  EXPECT_EQ(f.metric, "plateau");
  EXPECT_DOUBLE_EQ(f.value, 80.0);
  EXPECT_DOUBLE_EQ(f.median, 100.25);
  EXPECT_NEAR(f.deviation, 80.0 / 100.25 - 1.0, 1e-12);
  EXPECT_EQ(f.ranks, 4u);
}

TEST(OutlierRanks, KneeAndPowerHaveTheirOwnFloors) {
  // Knee one sweep step (10%) off: below the 25% floor; two steps of 2x: flagged. Power 8% off: not; 20%: flagged.
  const std::vector<results::RankResult> near{rank(0, "A", 100, 4096, 200), rank(1, "A", 100, 4096, 200),
                                              rank(2, "A", 100, 4506, 216)};
  EXPECT_TRUE(find_outlier_ranks(near).flags.empty());
  const std::vector<results::RankResult> far{rank(0, "A", 100, 4096, 200), rank(1, "A", 100, 4096, 200),
                                             rank(2, "A", 100, 8192, 240)};
  const auto scan = find_outlier_ranks(far);
  ASSERT_EQ(scan.flags.size(), 2u);
  EXPECT_EQ(scan.flags[0].metric, "knee_size");
  EXPECT_EQ(scan.flags[1].metric, "power_at_knee_w");
  for (const auto& f : scan.flags) EXPECT_EQ(f.rank, 2);
}

TEST(OutlierRanks, IdenticalRanksAndRanksThatDidNotStartFlagNone) {
  auto failed = rank(3, "A", 50, 4096, 200);
  failed.start_error = "no device";
  failed.campaigns.clear();
  const std::vector<results::RankResult> ranks{rank(0, "A", 100, 4096, 200), rank(1, "A", 100.2, 4096, 200),
                                               rank(2, "A", 99.9, 4096, 200), failed};
  const auto scan = find_outlier_ranks(ranks);
  EXPECT_EQ(scan.models, (std::vector<std::string>{"A (3 ranks)"}));
  EXPECT_TRUE(scan.flags.empty());
}

}  // namespace
}  // namespace autobench::stats
