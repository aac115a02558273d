// Consensus per L2 regime on a known triad hump: every detector votes in each regime on that regime's sizes,
// so a detector that found the other regime's knee is not outvoted into one number; a curve without a hump
// and a device without a known L2 keep one `single` regime, as before regimes.
#include "suite/stats/regime_knees.hpp"

#include <gtest/gtest.h>

#include <stdexcept>

#include "suite/stats/consensus.hpp"
#include "tests/detect/curves.hpp"

namespace autobench::stats {
namespace {

using results::Campaign;
using results::ConsensusRow;

constexpr const char* kParams = "sensitivity=1,distance_threshold=0,x_scale=log,online=1,smoothing=none";

// Triad (12 bytes an element) with the cache knee at index 15, the peak at 25 (70 % of L2), the trough at
// 27 and the memory knee at 40.
const detect::Curve kHump =
    detect::testing::log_piecewise(60, {{0, 100}, {15, 1000}, {25, 1050}, {27, 780}, {40, 950}});
const std::uint64_t kL2 = static_cast<std::uint64_t>(12 * kHump.x[25] / 0.7);

Campaign campaign(const detect::Curve& curve, int repeat, const std::string& detector, std::size_t knee) {
  Campaign c;
  c.kernel = "triad";
  c.detector = detector;
  c.repeat = repeat;
  c.metric_unit = "GB/s";
  c.timing_mode = "warm";
  c.detector_params = kParams;
  for (std::size_t i = 0; i < curve.size(); ++i) {
    results::Point p;
    p.size = static_cast<std::uint64_t>(curve.x[i]);
    p.throughput = curve.y[i];
    p.power_w = 100.0 + static_cast<double>(i);
    c.points.push_back(p);
  }
  c.knee_detected = true;
  c.knee_index = static_cast<std::int64_t>(knee);
  c.knee_size = c.points[knee].size;
  c.knee_quality = curve.y[knee] / 1050.0;
  return c;
}

// Three detectors on one sweep as a run records them on the whole curve: two at the cache knee, one
// (kneedle, as on the H100) at the memory knee.
results::RankResult rank_of(const detect::Curve& curve, std::uint64_t l2, int repeats = 1) {
  results::RankResult r;
  r.device.backend = "cuda";
  r.device.model = "NVIDIA H100 80GB HBM3";
  r.device.l2_bytes = l2;
  for (int k = 0; k < repeats; ++k)
    for (const auto& [d, knee] : std::vector<std::pair<std::string, std::size_t>>{{"triangle", 15}, {"lmethod", 15}, {"kneedle", 40}})
      r.campaigns.push_back(campaign(curve, k, d, knee));
  return r;
}

const ConsensusRow& row(const std::vector<ConsensusRow>& rows, const std::string& scope, const std::string& regime) {
  for (const auto& r : rows)
    if (r.scope == scope && r.regime == regime) return r;
  throw std::logic_error("no " + scope + " row in regime " + regime);
}

TEST(RegimeKnees, EveryDetectorAnswersBothRegimesOfAHumpedSweep) {
  const auto r = rank_of(kHump, kL2);
  std::vector<const Campaign*> campaigns;
  for (const auto& c : r.campaigns) campaigns.push_back(&c);
  const SweepCurve sweep = sweep_curve(campaigns);
  ASSERT_EQ(sweep.curve.size(), 60u);
  const auto split = sweep_regimes("triad", sweep.curve, kL2);
  ASSERT_TRUE(split.hump);
  EXPECT_EQ(split.peak, 25u);
  EXPECT_EQ(split.fallout, 27u);
  EXPECT_FALSE(sweep_regimes("triad", sweep.curve, 0).hump) << "L2 unknown";
  EXPECT_FALSE(sweep_regimes("no-such-kernel", sweep.curve, kL2).hump) << "working set unknown";
  const auto knees = regime_knees(campaigns, sweep, split);
  ASSERT_EQ(knees.size(), 6u);
  for (const auto& k : knees) {
    SCOPED_TRACE(k.detector + " " + detect::kRegimeNames.name(k.regime));
    ASSERT_TRUE(k.counts) << k.note;
    EXPECT_DOUBLE_EQ(k.size, kHump.x[k.regime == detect::Regime::cache ? 15 : 40]);
    EXPECT_LT(k.low, k.size);
    EXPECT_GT(k.high, k.size);
  }
}

TEST(RegimeKnees, ConsensusIsTakenPerRegimeNotByOutvoting) {
  const auto rows = compute_consensus({rank_of(kHump, kL2, 3)});
  ASSERT_EQ(rows.size(), 2u + 2u * 3u) << "a model row and three sweep rows per regime";
  const auto& cache = row(rows, "model", "cache");
  const auto& memory = row(rows, "model", "memory");
  ASSERT_TRUE(cache.found);
  ASSERT_TRUE(memory.found) << "kneedle's regime is not outvoted by the two cache knees";
  EXPECT_DOUBLE_EQ(cache.knee_size, kHump.x[15]);
  EXPECT_DOUBLE_EQ(memory.knee_size, kHump.x[40]);
  EXPECT_EQ(cache.timing, "warm");
  EXPECT_DOUBLE_EQ(cache.regime_last_size, kHump.x[25]) << "the peak";
  EXPECT_DOUBLE_EQ(memory.regime_first_size, kHump.x[27]) << "the fall-out point";
  EXPECT_DOUBLE_EQ(cache.ceiling, 1050.0) << "the cache regime's ceiling is its peak";
  EXPECT_DOUBLE_EQ(memory.plateau, 950.0);
  const auto& sweep_memory = row(rows, "sweep", "memory");
  EXPECT_EQ(sweep_memory.voters, 3);
  EXPECT_EQ(sweep_memory.agreeing, 3);
  EXPECT_EQ(sweep_memory.members, "triangle,lmethod,kneedle");
  EXPECT_DOUBLE_EQ(sweep_memory.throughput, 950.0);
  EXPECT_DOUBLE_EQ(sweep_memory.power_w, 140.0);
}

TEST(RegimeKnees, WithoutAHumpOneSingleRegimeAsBefore) {
  const detect::Curve rising = detect::testing::log_roofline(60, 30);
  const auto rows = compute_consensus({rank_of(rising, kL2)});
  ASSERT_EQ(rows.size(), 2u);
  for (const auto& r : rows) EXPECT_EQ(r.regime, "single");
  EXPECT_EQ(row(rows, "sweep", "single").voters, 3);
  const auto unknown = compute_consensus({rank_of(kHump, 0)});
  ASSERT_EQ(unknown.size(), 2u) << "without the L2 size the hump is not recognised";
  EXPECT_EQ(row(unknown, "sweep", "single").agreeing, 2) << "the old majority: two cache knees against kneedle";
}

TEST(RegimeKnees, CampaignsCarryTheirKneesRegime) {
  std::vector<results::RankResult> ranks = {rank_of(kHump, kL2)};
  assign_regimes(ranks);
  for (const auto& c : ranks[0].campaigns) {
    SCOPED_TRACE(c.detector);
    EXPECT_EQ(c.regime, c.detector == "kneedle" ? "memory" : "cache");
    EXPECT_EQ(c.regime_peak_size, static_cast<std::uint64_t>(kHump.x[25]));
    EXPECT_EQ(c.regime_fallout_size, static_cast<std::uint64_t>(kHump.x[27]));
  }
  ranks[0].device.l2_bytes = 0;
  assign_regimes(ranks);
  EXPECT_EQ(ranks[0].campaigns[0].regime, "single");
  EXPECT_EQ(ranks[0].campaigns[0].regime_peak_size, 0u);
}

TEST(RegimeKnees, RecordedParamsReadTheRunsDetectorSettings) {
  const auto p = recorded_params(
      "sensitivity=2.5,distance_threshold=0.01,x_scale=linear,online=0,smoothing=spline,min_points=5,"
      "spline_knots=4,multiknee.min_segment=6,hybrid.proposer=menger");
  EXPECT_DOUBLE_EQ(p.sensitivity, 2.5);
  EXPECT_DOUBLE_EQ(p.distance_threshold, 0.01);
  EXPECT_EQ(p.x_scale, detect::XScale::linear);
  EXPECT_EQ(p.smoothing, detect::Smoothing::spline);
  EXPECT_EQ(p.spline_knots, 4);
  EXPECT_EQ(p.chosen.at("kneedle.online"), "false");
  EXPECT_DOUBLE_EQ(p.declared.at("multiknee.min_segment"), 6.0);
  EXPECT_EQ(p.chosen.at("hybrid.proposer"), "menger");
  EXPECT_EQ(recorded_params("spline_knots=auto").spline_knots, 0);
  EXPECT_EQ(recorded_params("").x_scale, detect::Params{}.x_scale);
}

}  // namespace
}  // namespace autobench::stats
