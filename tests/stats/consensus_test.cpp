// Consensus knees of a run on a known saturating curve: per sweep over its detectors, per kernel and model
// over its sweeps, with the curve's figures at the knee.
#include "suite/stats/consensus.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "tests/support/knee_curve.hpp"

namespace autobench::stats {
namespace {

using results::Campaign;
using results::RankResult;

using testing::knee_curve_campaign;
using testing::knee_curve_rank;
using testing::knee_curve_sweep;

Campaign campaign(int rank, int repeat, const std::string& detector, std::int64_t knee, bool detected = true) {
  return knee_curve_campaign(rank, repeat, detector, knee, detected);
}
std::vector<Campaign> sweep(int rank, int repeat) { return knee_curve_sweep(rank, repeat); }
RankResult rank(int r, std::vector<Campaign> campaigns) { return knee_curve_rank(r, std::move(campaigns)); }

const results::ConsensusRow& find(const std::vector<results::ConsensusRow>& rows, const std::string& group) {
  for (const auto& r : rows)
    if (r.group == group) return r;
  throw std::logic_error("no row " + group);
}

TEST(Consensus, ASweepAgreesOnNeighbouringKneesWithoutBootstrapIntervals) {
  const auto rows = compute_consensus({rank(0, sweep(0, 0))});
  const auto& s = find(rows, "rank0/repeat0");
  EXPECT_EQ(s.scope, "sweep");
  EXPECT_EQ(s.model, "sim: H100");
  EXPECT_EQ(s.voters, 4);
  EXPECT_EQ(s.knees_found, 2);  // the edge and the miss do not count
  EXPECT_EQ(s.agreeing, 2);     // index cells 11314-22627 and 22627-45255 touch
  ASSERT_TRUE(s.found);
  EXPECT_DOUBLE_EQ(s.knee_size, 16000);
  EXPECT_NEAR(s.knee_low_size, std::sqrt(8000.0 * 16000.0), 1e-9);
  EXPECT_NEAR(s.knee_high_size, std::sqrt(32000.0 * 64000.0), 1e-9);
  EXPECT_EQ(s.members, "a,b");
  EXPECT_DOUBLE_EQ(s.throughput, 100.0);
  EXPECT_DOUBLE_EQ(s.ceiling, 100.0);
  EXPECT_DOUBLE_EQ(s.plateau, 100.0);
  EXPECT_DOUBLE_EQ(s.power_w, 54.0);
  EXPECT_DOUBLE_EQ(s.efficiency, 8.0);
}

TEST(Consensus, BootstrapIntervalsDecideAgreement) {
  auto campaigns = sweep(0, 0);
  campaigns[0].knee_low_size = 15000, campaigns[0].knee_high_size = 17000;  // a
  campaigns[1].knee_low_size = 31000, campaigns[1].knee_high_size = 33000;  // b: apart from a
  const auto& s = find(compute_consensus({rank(0, campaigns)}), "rank0/repeat0");
  EXPECT_EQ(s.agreeing, 1);
  EXPECT_FALSE(s.found);  // 1 of 4 detectors
  EXPECT_TRUE(std::isnan(s.knee_size));
  EXPECT_DOUBLE_EQ(s.ceiling, 100.0);  // the curve's figures stay
}

TEST(Consensus, OnlyEdgesAndMissesGiveNoConsensus) {
  const auto& s = find(compute_consensus({rank(0, {campaign(0, 0, "c", 0), campaign(0, 0, "d", 0, false)})}),
                       "rank0/repeat0");
  EXPECT_EQ(s.knees_found, 0);
  EXPECT_FALSE(s.found);
}

TEST(Consensus, AModelAgreesOverItsSweepsAndMeasuresTheirSpread) {
  auto r0 = sweep(0, 0);
  for (auto& c : sweep(0, 1)) r0.push_back(c);
  auto r1 = sweep(1, 0);
  r1.push_back(campaign(1, 1, "c", 0));  // rank 1 repeat 1: an edge and a miss, no consensus
  r1.push_back(campaign(1, 1, "d", 0, false));
  const auto rows = compute_consensus({rank(0, r0), rank(1, r1)});
  ASSERT_EQ(rows.size(), 5u);
  EXPECT_EQ(rows[0].scope, "model");  // the model row first, then the sweeps by rank and repeat
  EXPECT_EQ(rows[1].group, "rank0/repeat0");
  EXPECT_EQ(rows[4].group, "rank1/repeat1");
  const auto& m = rows[0];
  EXPECT_EQ(m.group, "sim: H100");
  EXPECT_EQ(m.rank, -1);
  EXPECT_EQ(m.voters, 4);
  EXPECT_EQ(m.knees_found, 3);
  EXPECT_EQ(m.agreeing, 3);
  ASSERT_TRUE(m.found);
  EXPECT_DOUBLE_EQ(m.knee_size, 16000);
  EXPECT_EQ(m.members, "rank0/repeat0,rank0/repeat1,rank1/repeat0");
  EXPECT_DOUBLE_EQ(m.repeat_cv, 0.0);  // rank 0: two equal knees; rank 1: one knee, no spread
  EXPECT_DOUBLE_EQ(m.device_cv, 0.0);
  EXPECT_DOUBLE_EQ(m.throughput, 100.0);
}

TEST(Consensus, CompleteCampaignsOnly) {
  auto campaigns = sweep(0, 0);
  for (auto& c : campaigns) c.complete = c.detector != "a";
  const auto& s = find(consensus_of_complete({rank(0, campaigns)}), "rank0/repeat0");
  EXPECT_EQ(s.voters, 3);
  EXPECT_EQ(s.knees_found, 1);  // b alone: 1 of 3, not half
  EXPECT_EQ(s.agreeing, 1);
  EXPECT_FALSE(s.found);
  EXPECT_EQ(s.members, "");
}

}  // namespace
}  // namespace autobench::stats
