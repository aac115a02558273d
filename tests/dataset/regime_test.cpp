// Occupancy regimes: classification from workgroups, block size and SM count at the boundaries; the
// residency limits of registers and shared memory.
#include <gtest/gtest.h>

#include "suite/dataset/regime.hpp"

namespace ds = autobench::dataset;

TEST(Regime, H100BoundariesAreTheSmCountAndOneFullWave) {
  const ds::Occupancy h100 = ds::occupancy_for(132, 9, 0);  // 2048 threads, 32 blocks per SM
  EXPECT_EQ(ds::resident_blocks_per_sm(h100, 256), 8);
  EXPECT_EQ(ds::full_wave(h100, 256), 1056u);
  EXPECT_EQ(ds::classify(1, h100, 256), ds::Regime::idle);
  EXPECT_EQ(ds::classify(131, h100, 256), ds::Regime::idle);
  EXPECT_EQ(ds::classify(132, h100, 256), ds::Regime::under);
  EXPECT_EQ(ds::classify(1055, h100, 256), ds::Regime::under);
  EXPECT_EQ(ds::classify(1056, h100, 256), ds::Regime::full);
  EXPECT_EQ(ds::classify(100000, h100, 256), ds::Regime::full);
}

TEST(Regime, SmallBlocksAreLimitedByBlockSlotsLargeOnesByThreadSlots) {
  const ds::Occupancy h100 = ds::occupancy_for(132, 9, 0);
  EXPECT_EQ(ds::resident_blocks_per_sm(h100, 32), 32);  // 32 x 32 = 1024 threads: block slots bind
  EXPECT_EQ(ds::full_wave(h100, 32), 132u * 32u);
  EXPECT_EQ(ds::resident_blocks_per_sm(h100, 1024), 2);
  EXPECT_EQ(ds::classify(263, h100, 1024), ds::Regime::under);
  EXPECT_EQ(ds::classify(264, h100, 1024), ds::Regime::full);
}

TEST(Regime, RegistersAndSharedMemoryLimitTheResidentBlocks) {
  const ds::Occupancy h100 = ds::occupancy_for(132, 9, 0);  // 64 K registers, 228 KiB shared, 1 KiB reserved a block
  // 128 threads × 112 registers: 4 warps × 3584 registers, 4 blocks in 65536 (threads alone: 16).
  EXPECT_EQ(ds::resident_blocks_per_sm(h100, 128, 112), 4);
  // Registers are allocated per warp in units of 256: 33 a thread take 40 × 32 = 1280 a warp, 6 blocks
  // of 256 threads fit 8 × 1280 × 6 = 61440 (7 would need 71680).
  EXPECT_EQ(ds::resident_blocks_per_sm(h100, 256, 33), 6);
  // 48 KiB of shared memory a block: 233472 / (49152 + 1024) = 4.65 → 4.
  EXPECT_EQ(ds::resident_blocks_per_sm(h100, 64, 0, 48 * 1024), 4);
  // The smallest limit binds, and at least one block always fits.
  EXPECT_EQ(ds::resident_blocks_per_sm(h100, 64, 32, 48 * 1024), 4);
  EXPECT_EQ(ds::resident_blocks_per_sm(h100, 1024, 255, 200 * 1024), 1);
  const ds::Occupancy ada = ds::occupancy_for(48, 8, 9);  // 100 KiB shared
  EXPECT_EQ(ada.shared_bytes_per_sm, 100 * 1024);
  EXPECT_EQ(ds::resident_blocks_per_sm(ada, 64, 0, 48 * 1024), 2);
}

TEST(Regime, ComputeCapabilityTables) {
  const ds::Occupancy ada = ds::occupancy_for(48, 8, 9);  // RTX 4000 Ada: 1536 threads, 24 blocks
  EXPECT_EQ(ada.max_threads_per_sm, 1536);
  EXPECT_EQ(ada.max_blocks_per_sm, 24);
  const ds::Occupancy turing = ds::occupancy_for(40, 7, 5);
  EXPECT_EQ(turing.max_threads_per_sm, 1024);
  EXPECT_EQ(turing.max_blocks_per_sm, 16);
  // One 1024-thread block fills an Ada SM: there is no under-utilised regime at that block size.
  EXPECT_EQ(ds::full_wave(ada, 1024), 48u);
  EXPECT_TRUE(ds::workgroup_range(ds::Regime::under, ada, 1024, 8).empty());
  EXPECT_EQ(ds::classify(47, ada, 1024), ds::Regime::idle);
  EXPECT_EQ(ds::classify(48, ada, 1024), ds::Regime::full);
}

TEST(Regime, RangesTileTheWorkgroupAxis) {
  const ds::Occupancy o = ds::occupancy_for(100, 8, 0);
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
  EXPECT_EQ(ds::regime_from_string("under"), ds::Regime::under);
  EXPECT_THROW(ds::regime_from_string("busy"), std::invalid_argument);
}
