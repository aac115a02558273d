// compare_ab: sides picked from files, ranks and models; sizes cut into regions at A's median knee;
// the launches of a sweep shared by several detectors counted once; verdicts on known differences;
// the errors that name what a side may be.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <stdexcept>

#include "suite/stats/ab_compare.hpp"

namespace autobench::stats {
namespace {

// A finished campaign on sizes 1000 x 2^i (i < 8) with its knee at `knee` (an index), `launches`
// lognormal launch times (1% noise) per point, each `slowdown` times a time proportional to the size.
results::Campaign campaign(int rank, const std::string& kernel, const std::string& detector, int repeat,
                           int knee, double slowdown, std::uint64_t seed, std::size_t launches = 20) {
  std::mt19937_64 rng(seed);
  std::lognormal_distribution<double> noise(0.0, 0.01);
  results::Campaign c;
  c.rank = rank;
  c.kernel = kernel;
  c.detector = detector;
  c.repeat = repeat;
  c.metric_unit = "GB/s";
  for (int i = 0; i < 8; ++i) {
    results::Point p;
    p.size = 1000ULL << i;
    for (std::size_t l = 0; l < launches; ++l)
      p.launch_times_s.push_back(static_cast<float>(1e-9 * double(p.size) * slowdown * noise(rng)));
    c.points.push_back(p);
  }
  c.knee_detected = true;
  c.knee_index = knee;
  c.knee_size = c.points[static_cast<std::size_t>(knee)].size;
  c.stop_reason = results::StopReason::knee;
  return c;
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
  const std::vector<NamedResultFile> files{file("a.h5", {rank(0, "X", {campaign(0, "vecadd", "kneedle", 0, 4, 1.0, 1)})}),
                                           file("b.h5", {rank(0, "X", {campaign(0, "vecadd", "kneedle", 0, 4, 1.1, 2)})})};
  const auto c = compare_ab(files, {.file = 0}, {.file = 1}, {});
  EXPECT_EQ(c.a, "a.h5 (sim: X)");
  EXPECT_EQ(c.b, "b.h5 (sim: X)");
  ASSERT_EQ(c.rows.size(), 3u);
  // Knee 16000: below 1000..8000, at the knee 16000 (12800..20000), plateau 32000..128000.
  const auto& below = row(c, "vecadd", SizeRegion::below_knee);
  EXPECT_EQ(below.verdict.strata, 4u);
  EXPECT_EQ(below.size_low, 1000u);
  EXPECT_EQ(below.size_high, 8000u);
  EXPECT_EQ(row(c, "vecadd", SizeRegion::knee).verdict.strata, 1u);
  EXPECT_EQ(row(c, "vecadd", SizeRegion::plateau).size_low, 32000u);
  for (const auto& r : c.rows) {
    EXPECT_EQ(r.verdict.verdict, Verdict::slower) << to_string(r.region);
    EXPECT_NEAR(r.verdict.ratio, 1.1, 0.01);
    EXPECT_DOUBLE_EQ(r.knee_size, 16000.0);
  }
}

TEST(AbCompare, TwoRanksOfOneModelInOneFileAreTheSame) {
  const std::vector<NamedResultFile> files{file("run.h5", {rank(0, "X", {campaign(0, "gemm", "kneedle", 0, 4, 1.0, 3)}),
                                                           rank(1, "X", {campaign(1, "gemm", "kneedle", 0, 4, 1.0, 4)})})};
  const auto c = compare_ab(files, {.file = 0, .rank = 0}, {.file = 0, .rank = 1}, {});
  EXPECT_EQ(c.a, "run.h5 rank 0 (sim: X)");
  for (const auto& r : c.rows) EXPECT_EQ(r.verdict.verdict, Verdict::same) << to_string(r.region);
}

TEST(AbCompare, RegionsAreCutAtTheMedianKneeOfSideA) {
  const std::vector<NamedResultFile> files{
      file("a.h5", {rank(0, "X", {campaign(0, "vecadd", "kneedle", 0, 2, 1.0, 5), campaign(0, "vecadd", "kneedle", 1, 6, 1.0, 6),
                                  campaign(0, "vecadd", "kneedle", 2, 6, 1.0, 7)})}),
      file("b.h5", {rank(0, "X", {campaign(0, "vecadd", "kneedle", 0, 0, 1.0, 8)})})};
  const auto c = compare_ab(files, {.file = 0}, {.file = 1}, {});
  EXPECT_DOUBLE_EQ(row(c, "vecadd", SizeRegion::knee).knee_size, 64000.0);  // knees 4000, 64000, 64000
  EXPECT_EQ(row(c, "vecadd", SizeRegion::knee).size_low, 64000u);
  EXPECT_EQ(row(c, "vecadd", SizeRegion::plateau).verdict.strata, 1u);  // 128000
}

TEST(AbCompare, ASweepSharedByDetectorsCountsOnceIndependentSweepsBoth) {
  auto shared = campaign(0, "vecadd", "kneedle", 0, 4, 1.0, 9);
  auto same_sweep = shared;
  same_sweep.detector = "triangle";  // the same points: one sweep fed both detectors
  auto own_sweep = campaign(0, "vecadd", "lmethod", 0, 4, 1.0, 10);  // measured again (--independent-sweeps)
  const std::vector<NamedResultFile> files{file("a.h5", {rank(0, "X", {shared, same_sweep, own_sweep})}),
                                           file("b.h5", {rank(0, "X", {campaign(0, "vecadd", "kneedle", 0, 4, 1.0, 11)})})};
  const auto c = compare_ab(files, {.file = 0}, {.file = 1}, {});
  const auto& below = row(c, "vecadd", SizeRegion::below_knee).verdict;
  EXPECT_EQ(below.launches_a, 4u * 20 * 2) << "kneedle and triangle share launches; lmethod has its own";
  EXPECT_EQ(below.launches_b, 4u * 20);
}

TEST(AbCompare, SizesWithTooFewLaunchesAndOneSidedKernelsAreLeftOut) {
  const std::vector<NamedResultFile> files{
      file("a.h5", {rank(0, "X", {campaign(0, "vecadd", "kneedle", 0, 4, 1.0, 12, kMinLaunches - 1),
                                  campaign(0, "gemm", "kneedle", 0, 4, 1.0, 13)})}),
      file("b.h5", {rank(0, "X", {campaign(0, "vecadd", "kneedle", 0, 4, 1.0, 14), campaign(0, "fp32", "kneedle", 0, 4, 1.0, 15)})})};
  const auto c = compare_ab(files, {.file = 0}, {.file = 1}, {});
  ASSERT_EQ(c.rows.size(), 3u);  // vecadd only
  for (const auto& r : c.rows) {
    EXPECT_EQ(r.kernel, "vecadd");
    EXPECT_EQ(r.verdict.strata, 0u) << "every vecadd size of a has fewer than kMinLaunches launches";
  }
  EXPECT_EQ(c.unmatched_kernels, (std::vector<std::string>{"fp32", "gemm"}));
}

TEST(AbCompare, SidesThatCannotBeComparedAreNamed) {
  const std::vector<NamedResultFile> files{file("run.h5", {rank(0, "X", {campaign(0, "gemm", "kneedle", 0, 4, 1.0, 16)}),
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
  EXPECT_NE(message({.file = 0, .rank = 0}, {.file = 0, .rank = 5}).find("side b (run.h5 rank 5) has no finished campaign (the file holds: "
                                                 "rank 0 (sim: X), rank 1 (sim: Y))"),
            std::string::npos);
  const auto by_model = compare_ab(files, {.file = 0, .model = "X"}, {.file = 0, .model = "sim: Y"}, {});
  EXPECT_EQ(by_model.a_model, "sim: X");
  EXPECT_EQ(by_model.b_model, "sim: Y");
}

}  // namespace
}  // namespace autobench::stats
