// Regime sampling: the 2:5:3 quota, warp-multiple block sizes, regimes as classified, sizes derived
// from the global size, and a regime the kernel cannot reach handing its share on.
#include <gtest/gtest.h>

#include <set>

#include "suite/dataset/launch_sampler.hpp"

namespace ds = autobench::dataset;
namespace kn = autobench::kernels;

namespace {

// A 1-D kernel: ELEMS elements per thread, ceil(n / (BLOCK_SIZE * ELEMS)) workgroups.
ds::LaunchShape toy(std::vector<std::int64_t> blocks) {
  ds::LaunchShape s;
  s.kernel = "toy";
  for (auto b : blocks)
    for (std::int64_t e : {1, 4}) s.configs.push_back({{"BLOCK_SIZE", b}, {"ELEMS", e}});
  s.granularity = 64;
  s.min_size = 64;
  s.max_size = 1ull << 34;
  s.block_threads = [](const kn::Tunables& t) { return static_cast<int>(t.at("BLOCK_SIZE")); };
  s.workgroups = [](std::uint64_t n, const kn::Tunables& t) {
    const auto per = static_cast<std::uint64_t>(t.at("BLOCK_SIZE") * t.at("ELEMS"));
    return (n + per - 1) / per;
  };
  return s;
}

}  // namespace

TEST(Sampler, QuotaFollowsTheRatioByLargestRemainder) {
  const ds::RegimeRatio r = ds::parse_ratio("2:5:3");
  EXPECT_EQ(ds::regime_quota(10, r), (std::array<std::size_t, 3>{2, 5, 3}));
  EXPECT_EQ(ds::regime_quota(1000, r), (std::array<std::size_t, 3>{200, 500, 300}));
  EXPECT_EQ(ds::regime_quota(7, r), (std::array<std::size_t, 3>{1, 4, 2}));  // 1.4, 3.5, 2.1
  EXPECT_EQ(ds::regime_quota(5, ds::parse_ratio("0:1:0")), (std::array<std::size_t, 3>{0, 5, 0}));
  EXPECT_EQ(ds::to_string(r), "2:5:3");
}

TEST(Sampler, RatioRejectsBadText) {
  for (const char* bad : {"2:5", "2:5:3:1", "a:b:c", "-1:2:3", "0:0:0", "nan:1:1", "inf:1:1", "2:5:3x", ""})
    EXPECT_THROW(ds::parse_ratio(bad), std::invalid_argument) << bad;
}

TEST(Sampler, DrawsTheQuotaPerRegimeWithWarpMultipleBlocks) {
  const auto shape = toy({32, 48, 64, 256, 1024});  // 48 is not a warp multiple: never drawn
  const autobench::backend::Occupancy o = autobench::backend::occupancy_for(100, 9, 0);
  ds::SamplerSettings s;
  s.per_kernel = 1000;
  s.max_waves = 16;
  s.seed = 7;
  const auto out = ds::sample_kernel(shape, o, s);
  ASSERT_EQ(out.configs.size(), 1000u);
  EXPECT_EQ(out.achieved, (std::array<std::size_t, 3>{200, 500, 300}));
  std::set<std::pair<std::uint64_t, std::string>> distinct;
  std::set<int> blocks;
  for (const auto& c : out.configs) {
    EXPECT_EQ(c.block_threads % autobench::backend::kWarpSize, 0);
    blocks.insert(c.block_threads);
    EXPECT_EQ(c.regime, ds::classify(c.workgroups, o, c.block_threads));
    EXPECT_EQ(c.workgroups, shape.workgroups(c.size, c.tunables));  // array sizes derived from the launch
    EXPECT_EQ(c.size % shape.granularity, 0u);
    EXPECT_LE(c.workgroups, static_cast<std::uint64_t>(16 * ds::full_wave(o, c.block_threads)));
    EXPECT_EQ(c.origin, ds::Origin::sampled);
    distinct.insert({c.size, autobench::kernels::to_string(c.tunables)});
  }
  EXPECT_EQ(distinct.size(), 1000u);
  EXPECT_EQ(blocks, (std::set<int>{32, 64, 256, 1024}));
  // Deterministic for a seed, different for another.
  const auto again = ds::sample_kernel(shape, o, s);
  EXPECT_EQ(again.configs.front().size, out.configs.front().size);
  s.seed = 8;
  EXPECT_NE(ds::sample_kernel(shape, o, s).configs.front().size, out.configs.front().size);
}

TEST(Sampler, AnUnreachableRegimeHandsItsShareOn) {
  // 1024-thread blocks on a 1536-thread SM: one block fills it, so "under" does not exist.
  const auto shape = toy({1024});
  const autobench::backend::Occupancy o = autobench::backend::occupancy_for(48, 8, 9);
  ds::SamplerSettings s;
  s.per_kernel = 100;
  const auto out = ds::sample_kernel(shape, o, s);
  EXPECT_EQ(out.quota, (std::array<std::size_t, 3>{20, 50, 30}));
  EXPECT_EQ(out.achieved[1], 0u);
  EXPECT_EQ(out.achieved[0], 20u);
  EXPECT_EQ(out.achieved[2], 80u);
}

TEST(Sampler, SizeForWorkgroupsIsTheSmallestGranularMultiple) {
  const auto shape = toy({256});
  const kn::Tunables t{{"BLOCK_SIZE", 256}, {"ELEMS", 4}};
  EXPECT_EQ(ds::size_for_workgroups(shape, t, 1), 64u);
  EXPECT_EQ(ds::size_for_workgroups(shape, t, 2), 1024u + 64u);
  EXPECT_EQ(ds::size_for_workgroups(shape, t, 10), 9u * 1024u + 64u);
  auto small = shape;
  small.max_size = 4096;
  EXPECT_EQ(ds::size_for_workgroups(small, t, 5), 0u);  // beyond the memory cap
}
