// compare_ab: sides picked from files, ranks, models and repeats; sizes cut into regions at A's median
// knee; one sweep per rank and repeat however many detectors share it; verdicts over sweeps, over GPUs
// when a side holds several; UNREPLICATED with one sweep; points that missed the noise target counted,
// kept or left out; the errors that name what a side may be.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <stdexcept>

#include "suite/stats/ab_compare.hpp"

namespace autobench::stats {
namespace {

// A finished campaign on sizes 1000 x 2^i (i < 8) with its knee at `knee` (an index), `launches`
// lognormal launch times (1% noise) per point, each `slowdown` times a time proportional to the size,
// and the whole sweep drifting by a lognormal factor of 0.3 % (as real sweeps do).
results::Campaign campaign(int rank, const std::string& kernel, const std::string& detector, int repeat,
                           int knee, double slowdown, std::uint64_t seed, std::size_t launches = 20) {
  std::mt19937_64 rng(seed);
  std::lognormal_distribution<double> noise(0.0, 0.01), drift(0.0, 0.003);
  const double sweep = drift(rng);
  results::Campaign c;
  c.rank = rank;
  c.kernel = kernel;
  c.detector = detector;
  c.repeat = repeat;
  c.metric_unit = "GB/s";
  for (int i = 0; i < 8; ++i) {
    results::Point p;
    p.size = 1000ULL << i;
    double sum = 0.0;
    for (std::size_t l = 0; l < launches; ++l) {
      p.launch_times_s.push_back(static_cast<float>(1e-9 * double(p.size) * slowdown * sweep * noise(rng)));
      sum += p.launch_times_s.back();
    }
    p.time_mean_s = sum / double(launches);
    p.iterations = static_cast<std::int64_t>(launches);
    c.points.push_back(p);
  }
  c.knee_detected = true;
  c.knee_index = knee;
  c.knee_size = c.points[static_cast<std::size_t>(knee)].size;
  c.stop_reason = results::StopReason::knee;
  return c;
}

// `repeats` sweeps of one rank (seeds seed, seed + 1, ...).
std::vector<results::Campaign> sweeps(int rank, const std::string& kernel, int repeats, double slowdown,
                                      std::uint64_t seed, int knee = 4) {
  std::vector<results::Campaign> out;
  for (int r = 0; r < repeats; ++r) out.push_back(campaign(rank, kernel, "kneedle", r, knee, slowdown, seed + r));
  return out;
}

results::RankResult rank(int r, const std::string& model, std::vector<results::Campaign> campaigns) {
  results::RankResult out;
  out.rank = r;
  out.device.backend = "sim";
  out.device.model = model;
  out.campaigns = std::move(campaigns);
  return out;
}

NamedResultFile file(const std::string& path, std::vector<results::RankResult> ranks) {
  NamedResultFile f{path, {}};
  f.file.ranks = std::move(ranks);
  return f;
}

const RegionVerdict& row(const AbComparison& c, const std::string& kernel, SizeRegion region) {
  for (const auto& r : c.rows) {
    if (r.kernel == kernel && r.region == region) return r;
  }
  throw std::runtime_error("no row");
}

TEST(AbCompare, TenPercentSlowerFileIsSlowerInEveryRegion) {
  const std::vector<NamedResultFile> files{file("a.h5", {rank(0, "X", sweeps(0, "vecadd", 3, 1.0, 1))}),
                                           file("b.h5", {rank(0, "X", sweeps(0, "vecadd", 3, 1.1, 10))})};
  const auto c = compare_ab(files, {.file = 0}, {.file = 1}, {});
  EXPECT_EQ(c.a, "a.h5 (sim: X)");
  EXPECT_EQ(c.b, "b.h5 (sim: X)");
  ASSERT_EQ(c.rows.size(), 3u);
  // Knee 16000: below 1000..8000, at the knee 16000 (12800..20000), plateau 32000..128000.
  const auto& below = row(c, "vecadd", SizeRegion::below_knee);
  EXPECT_EQ(below.sizes, 4u);
  EXPECT_EQ(below.size_low, 1000u);
  EXPECT_EQ(below.size_high, 8000u);
  EXPECT_EQ(below.a.sweeps, 3u);
  EXPECT_EQ(below.a.gpus, 1u);
  EXPECT_EQ(below.verdict.units_a, 3u) << "one GPU a side: the sweeps are the units";
  EXPECT_EQ(row(c, "vecadd", SizeRegion::knee).sizes, 1u);
  EXPECT_EQ(row(c, "vecadd", SizeRegion::plateau).size_low, 32000u);
  for (const auto& r : c.rows) {
    EXPECT_EQ(r.verdict.verdict, Verdict::slower) << to_string(r.region);
    EXPECT_NEAR(r.verdict.ratio, 1.1, 0.02);
    EXPECT_DOUBLE_EQ(r.knee_size, 16000.0);
    EXPECT_TRUE(std::isnan(r.launches.low)) << "the launch-only interval is for UNREPLICATED rows";
  }
}

TEST(AbCompare, OneSweepASideIsUnreplicatedWithALaunchNoiseInterval) {
  const std::vector<NamedResultFile> files{file("a.h5", {rank(0, "X", sweeps(0, "vecadd", 1, 1.0, 1))}),
                                           file("b.h5", {rank(0, "X", sweeps(0, "vecadd", 1, 1.1, 2))})};
  const auto c = compare_ab(files, {.file = 0}, {.file = 1}, {});
  for (const auto& r : c.rows) {
    EXPECT_EQ(r.verdict.verdict, Verdict::unreplicated) << to_string(r.region);
    ASSERT_TRUE(r.verdict.likely) << "10 % is beyond the likely margin";
    EXPECT_EQ(*r.verdict.likely, Verdict::slower);
    EXPECT_LT(r.launches.low, r.launches.high);
    EXPECT_NEAR(r.launches.ratio, r.verdict.ratio, 1e-3) << "one sweep a side: the same points";
  }
  EXPECT_EQ(row(c, "vecadd", SizeRegion::below_knee).launches.launches_a, 4u * 20);
}

TEST(AbCompare, TwoRanksOfOneModelInOneFileAreTheSame) {
  const std::vector<NamedResultFile> files{
      file("run.h5", {rank(0, "X", sweeps(0, "gemm", 3, 1.0, 3)), rank(1, "X", sweeps(1, "gemm", 3, 1.0, 30))})};
  const auto c = compare_ab(files, {.file = 0, .rank = 0}, {.file = 0, .rank = 1}, {});
  EXPECT_EQ(c.a, "run.h5 rank 0 (sim: X)");
  for (const auto& r : c.rows) EXPECT_EQ(r.verdict.verdict, Verdict::same) << to_string(r.region);
}

TEST(AbCompare, RepeatsOfOneRankSplitTwoWaysAreTheSame) {
  const std::vector<NamedResultFile> files{file("run.h5", {rank(0, "X", sweeps(0, "gemm", 5, 1.0, 40))})};
  const auto c = compare_ab(files, {.file = 0, .rank = 0, .repeats = {0, 1, 2}}, {.file = 0, .rank = 0, .repeats = {3, 4}}, {});
  EXPECT_EQ(c.a, "run.h5 rank 0 repeats 0,1,2 (sim: X)");
  for (const auto& r : c.rows) {
    EXPECT_EQ(r.a.sweeps, 3u);
    EXPECT_EQ(r.b.sweeps, 2u);
    EXPECT_EQ(r.verdict.verdict, Verdict::same) << to_string(r.region);
  }
}

TEST(AbCompare, SeveralGpusASideMakeTheGpusTheUnits) {
  std::vector<results::RankResult> ranks;
  for (int r = 0; r < 6; ++r) ranks.push_back(rank(r, r < 3 ? "X" : "Y", sweeps(r, "vecadd", 2, r < 3 ? 1.0 : 1.1, 100 + 10 * r)));
  const std::vector<NamedResultFile> files{file("run.h5", std::move(ranks))};
  const auto c = compare_ab(files, {.file = 0, .model = "X"}, {.file = 0, .model = "Y"}, {});
  for (const auto& r : c.rows) {
    EXPECT_EQ(r.a.sweeps, 6u);
    EXPECT_EQ(r.a.gpus, 3u);
    EXPECT_EQ(r.verdict.units_a, 3u) << "each GPU's mean over its 2 sweeps";
    EXPECT_EQ(r.verdict.units_b, 3u);
    EXPECT_EQ(r.verdict.verdict, Verdict::slower);
  }
}

TEST(AbCompare, RegionsAreCutAtTheMedianKneeOfSideA) {
  const std::vector<NamedResultFile> files{
      file("a.h5", {rank(0, "X", {campaign(0, "vecadd", "kneedle", 0, 2, 1.0, 5), campaign(0, "vecadd", "kneedle", 1, 6, 1.0, 6),
                                  campaign(0, "vecadd", "kneedle", 2, 6, 1.0, 7)})}),
      file("b.h5", {rank(0, "X", {campaign(0, "vecadd", "kneedle", 0, 0, 1.0, 8)})})};
  const auto c = compare_ab(files, {.file = 0}, {.file = 1}, {});
  EXPECT_DOUBLE_EQ(row(c, "vecadd", SizeRegion::knee).knee_size, 64000.0);  // knees 4000, 64000, 64000
  EXPECT_EQ(row(c, "vecadd", SizeRegion::knee).size_low, 64000u);
  EXPECT_EQ(row(c, "vecadd", SizeRegion::plateau).sizes, 1u);  // 128000
}

TEST(AbCompare, ASweepSharedByDetectorsCountsOnce) {
  auto shared = campaign(0, "vecadd", "kneedle", 0, 4, 1.0, 9);
  auto same_sweep = shared;
  same_sweep.detector = "triangle";  // the same points: one sweep fed both detectors
  const std::vector<NamedResultFile> files{file("a.h5", {rank(0, "X", {shared, same_sweep})}),
                                           file("b.h5", {rank(0, "X", {campaign(0, "vecadd", "kneedle", 0, 4, 1.0, 11)})})};
  const auto c = compare_ab(files, {.file = 0}, {.file = 1}, {});
  const auto& below = row(c, "vecadd", SizeRegion::below_knee);
  EXPECT_EQ(below.a.sweeps, 1u);
  EXPECT_EQ(below.verdict.verdict, Verdict::unreplicated);
  EXPECT_EQ(below.launches.launches_a, 4u * 20) << "kneedle and triangle share launches";
}

TEST(AbCompare, PointsThatMissedTheNoiseTargetAreCountedAndMayBeLeftOut) {
  // One point of b's repeat 1 hit the cap 40 % above its size's level (a burst of interference, as seen
  // on real H100s): kept, it makes b's plateau look slower and its interval wide; left out, that sweep's
  // plateau effect comes from its other two sizes, centred on their own levels.
  auto b = sweeps(1, "vecadd", 3, 1.0, 50);
  for (auto& p : b[1].points)
    if (p.size == 64000) p.time_mean_s *= 1.4, p.converged = false;
  const std::vector<NamedResultFile> files{file("run.h5", {rank(0, "X", sweeps(0, "vecadd", 3, 1.0, 60)), rank(1, "X", b)})};
  const auto left_out = compare_ab(files, {.file = 0, .rank = 0}, {.file = 0, .rank = 1}, {}, false);
  const auto kept = compare_ab(files, {.file = 0, .rank = 0}, {.file = 0, .rank = 1}, {});
  EXPECT_FALSE(left_out.keep_unconverged);
  EXPECT_TRUE(kept.keep_unconverged) << "kept by default";
  const auto& plateau = row(left_out, "vecadd", SizeRegion::plateau);
  EXPECT_EQ(plateau.b.unconverged, 1u);
  EXPECT_EQ(plateau.a.unconverged, 0u);
  EXPECT_EQ(plateau.b.sweeps, 3u);
  EXPECT_EQ(plateau.sizes, 3u);
  EXPECT_EQ(plateau.verdict.verdict, Verdict::same);
  EXPECT_EQ(row(left_out, "vecadd", SizeRegion::knee).b.unconverged, 0u);
  const auto& plateau_kept = row(kept, "vecadd", SizeRegion::plateau);
  EXPECT_EQ(plateau_kept.b.unconverged, 1u);
  EXPECT_NE(plateau_kept.verdict.verdict, Verdict::same);
  EXPECT_NEAR(plateau_kept.verdict.ratio, std::pow(1.4, 1.0 / 9), 0.005) << "log 1.4 over 3 sizes and 3 sweeps";
}

TEST(AbCompare, OneSidedKernelsAreNamed) {
  const std::vector<NamedResultFile> files{
      file("a.h5", {rank(0, "X", {campaign(0, "vecadd", "kneedle", 0, 4, 1.0, 12), campaign(0, "gemm", "kneedle", 0, 4, 1.0, 13)})}),
      file("b.h5", {rank(0, "X", {campaign(0, "vecadd", "kneedle", 0, 4, 1.0, 14), campaign(0, "fp32", "kneedle", 0, 4, 1.0, 15)})})};
  const auto c = compare_ab(files, {.file = 0}, {.file = 1}, {});
  ASSERT_EQ(c.rows.size(), 3u);  // vecadd only
  for (const auto& r : c.rows) EXPECT_EQ(r.kernel, "vecadd");
  EXPECT_EQ(c.unmatched_kernels, (std::vector<std::string>{"fp32", "gemm"}));
}

TEST(AbCompare, SidesThatCannotBeComparedAreNamed) {
  const std::vector<NamedResultFile> files{file("run.h5", {rank(0, "X", sweeps(0, "gemm", 2, 1.0, 16)),
                                                           rank(1, "Y", {campaign(1, "gemm", "kneedle", 0, 4, 1.0, 17)})})};
  auto message = [&](const AbSide& a, const AbSide& b) {
    try {
      compare_ab(files, a, b, {});
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_NE(message({.file = 0}, {.file = 0, .rank = 1}).find("side a (run.h5) holds 2 device models (sim: X, sim: Y); choose one with --a-model"),
            std::string::npos)
      << message({.file = 0}, {.file = 0, .rank = 1});
  EXPECT_NE(message({.file = 0, .rank = 0}, {.file = 0, .rank = 0}).find("sides a and b both hold rank 0 of run.h5"), std::string::npos);
  EXPECT_NE(message({.file = 0, .rank = 0, .repeats = {0, 1}}, {.file = 0, .rank = 0, .repeats = {1}})
                .find("sides a and b both hold rank 0 of run.h5"),
            std::string::npos);
  EXPECT_NE(message({.file = 0, .rank = 0}, {.file = 0, .rank = 5}).find("side b (run.h5 rank 5) has no finished campaign (the file holds: "
                                                 "rank 0 (sim: X), rank 1 (sim: Y))"),
            std::string::npos);
  EXPECT_NE(message({.file = 0, .rank = 0}, {.file = 0, .rank = 1, .repeats = {7}}).find("side b (run.h5 rank 1 repeats 7) has no finished campaign"),
            std::string::npos);
  const auto by_model = compare_ab(files, {.file = 0, .model = "X"}, {.file = 0, .model = "sim: Y"}, {});
  EXPECT_EQ(by_model.a_model, "sim: X");
  EXPECT_EQ(by_model.b_model, "sim: Y");
}

}  // namespace
}  // namespace autobench::stats
