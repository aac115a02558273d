// Occupancy regimes: classification from workgroups, block size and SM count at the boundaries, and
// the compute-capability tables they use.
#include <gtest/gtest.h>

#include "suite/dataset/regime.hpp"

namespace ds = autobench::dataset;
namespace be = autobench::backend;

TEST(Regime, H100BoundariesAreTheSmCountAndOneFullWave) {
  const be::Occupancy h100 = be::occupancy_for(132, 9, 0);  // 2048 threads, 32 blocks per SM
  EXPECT_EQ(be::resident_blocks_per_sm(h100, 256), 8);
  EXPECT_EQ(ds::full_wave(h100, 256), 1056u);
  EXPECT_EQ(ds::classify(1, h100, 256), ds::Regime::idle);
  EXPECT_EQ(ds::classify(131, h100, 256), ds::Regime::idle);
  EXPECT_EQ(ds::classify(132, h100, 256), ds::Regime::under);
  EXPECT_EQ(ds::classify(1055, h100, 256), ds::Regime::under);
  EXPECT_EQ(ds::classify(1056, h100, 256), ds::Regime::full);
  EXPECT_EQ(ds::classify(100000, h100, 256), ds::Regime::full);
}

TEST(Regime, SmallBlocksAreLimitedByBlockSlotsLargeOnesByThreadSlots) {
  const be::Occupancy h100 = be::occupancy_for(132, 9, 0);
  EXPECT_EQ(be::resident_blocks_per_sm(h100, 32), 32);  // 32 x 32 = 1024 threads: block slots bind
  EXPECT_EQ(ds::full_wave(h100, 32), 132u * 32u);
  EXPECT_EQ(be::resident_blocks_per_sm(h100, 1024), 2);
  EXPECT_EQ(ds::classify(263, h100, 1024), ds::Regime::under);
  EXPECT_EQ(ds::classify(264, h100, 1024), ds::Regime::full);
}

TEST(Regime, ComputeCapabilityTables) {
  const be::Occupancy ada = be::occupancy_for(48, 8, 9);  // RTX 4000 Ada: 1536 threads, 24 blocks
  EXPECT_EQ(ada.max_threads_per_sm, 1536);
  EXPECT_EQ(ada.max_blocks_per_sm, 24);
  const be::Occupancy turing = be::occupancy_for(40, 7, 5);
  EXPECT_EQ(turing.max_threads_per_sm, 1024);
  EXPECT_EQ(turing.max_blocks_per_sm, 16);
  // One 1024-thread block fills an Ada SM: there is no under-utilised regime at that block size.
  EXPECT_EQ(ds::full_wave(ada, 1024), 48u);
  EXPECT_TRUE(ds::workgroup_range(ds::Regime::under, ada, 1024, 8).empty());
  EXPECT_EQ(ds::classify(47, ada, 1024), ds::Regime::idle);
  EXPECT_EQ(ds::classify(48, ada, 1024), ds::Regime::full);
}

TEST(Regime, RangesTileTheWorkgroupAxis) {
  const be::Occupancy o = be::occupancy_for(100, 8, 0);
  const auto idle = ds::workgroup_range(ds::Regime::idle, o, 128, 4);
  const auto under = ds::workgroup_range(ds::Regime::under, o, 128, 4);
  const auto full = ds::workgroup_range(ds::Regime::full, o, 128, 4);
  EXPECT_EQ(idle.lo, 1u);
  EXPECT_EQ(idle.hi + 1, under.lo);
  EXPECT_EQ(under.hi + 1, full.lo);
  EXPECT_EQ(full.hi, 4 * full.lo);
  for (auto [r, range] : {std::pair{ds::Regime::idle, idle}, {ds::Regime::under, under}, {ds::Regime::full, full}}) {
    EXPECT_EQ(ds::classify(range.lo, o, 128), r);
    EXPECT_EQ(ds::classify(range.hi, o, 128), r);
  }
  EXPECT_EQ(ds::kRegimeNames.value("under"), ds::Regime::under);
  EXPECT_THROW(ds::kRegimeNames.value("busy"), std::invalid_argument);
}
