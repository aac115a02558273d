// A launch's residency: GEMM's grid, resident blocks per SM, first-wave blocks per SM and waves on an
// H100, as the sizes cross whole waves; the limits of registers and shared memory.
#include <gtest/gtest.h>

#include <stdexcept>

#include "kernels/tuning.hpp"
#include "suite/backend/residency.hpp"
#include "tests/support/gemm_config.hpp"

namespace ab = autobench;

namespace {

const ab::kernels::KernelSpec& gemm() { return *ab::kernels::find("gemm"); }

// MWG 64, NWG 128, MDIMC 16, NDIMC 8: 128 threads whose registers let an H100 SM hold 4 blocks
// (tests/modeling/derived_parameters_test.cpp), so one full wave is 4 × 132 = 528 blocks.
ab::kernels::Tunables a_gemm_config() { return ab::testing::gemm_config(64, 128, 16, 8); }

}  // namespace

TEST(Residency, GemmsGridFillsWholeWavesOfResidentBlocksOnAnH100) {
  const auto h100 = ab::backend::occupancy_for(132, 9, 0);
  const auto config = a_gemm_config();
  // 2048: 32 × 16 = 512 tiles, under one wave of 528: one wave, 512 / 132 blocks an SM.
  const auto at_2048 = ab::backend::residency(gemm(), config, 2048, h100);
  EXPECT_EQ(at_2048.grid.x * at_2048.grid.y, 512u);
  EXPECT_EQ(at_2048.grid.z, 1u);
  EXPECT_EQ(at_2048.blocks, 512.0);
  EXPECT_EQ(at_2048.block_threads, 128.0);
  EXPECT_EQ(at_2048.resident_per_sm, 4);
  EXPECT_DOUBLE_EQ(at_2048.blocks_per_sm, 512.0 / 132);
  EXPECT_EQ(at_2048.waves, 1.0);
  // 2176: 34 × 17 = 578 tiles, 50 more than a wave holds: a second wave.
  const auto at_2176 = ab::backend::residency(gemm(), config, 2176, h100);
  EXPECT_EQ(at_2176.blocks, 578.0);
  EXPECT_EQ(at_2176.blocks_per_sm, 4.0) << "the first wave fills every SM";
  EXPECT_EQ(at_2176.waves, 2.0);
  // 8192: 8192 tiles over 528 a wave: 15.5, so 16 waves.
  EXPECT_EQ(ab::backend::residency(gemm(), config, 8192, h100).waves, 16.0);
  // The resident blocks follow the kernel's resources on the device: the same launch on an 8.6 GPU
  // with 1536 threads an SM and 84 SMs.
  EXPECT_EQ(ab::backend::residency(gemm(), config, 2048, ab::backend::occupancy_for(84, 8, 6)).resident_per_sm,
            ab::backend::resident_blocks_per_sm(ab::backend::occupancy_for(84, 8, 6), 128,
                                                gemm().resources(config).registers_per_thread,
                                                gemm().resources(config).shared_bytes));
}

TEST(Residency, TheCompiledResourcesReplaceTheEstimate) {
  const auto h100 = ab::backend::occupancy_for(132, 9, 0);
  // MWG = NWG = 128, MDIMC 16, NDIMC 8: the estimate (168 registers) lets an SM hold 3 blocks of 128
  // threads; compiled with 177 (tests/cuda/resource_estimate_test on an H100) it holds 2. At 2432 the
  // 19 × 19 = 361 tiles then take two waves, not one.
  const auto config = ab::testing::gemm_config(128, 128, 16, 8);
  const auto estimated = ab::backend::residency(gemm(), config, 2432, h100);
  EXPECT_EQ(estimated.resident_per_sm, 3);
  EXPECT_EQ(estimated.waves, 1.0);
  const auto compiled = ab::backend::residency(gemm(), config, 2432, h100, ab::kernels::BlockResources{177, 16384});
  EXPECT_EQ(compiled.blocks, 361.0);
  EXPECT_EQ(compiled.resident_per_sm, 2);
  EXPECT_EQ(compiled.blocks_per_sm, 2.0);
  EXPECT_EQ(compiled.waves, 2.0);
}

TEST(Residency, WithoutTheSmCountOnlyTheGridAndWithoutALaunchNothing) {
  const auto config = a_gemm_config();
  const auto unknown = ab::backend::residency(gemm(), config, 2048, {});
  EXPECT_EQ(unknown.blocks, 512.0);
  EXPECT_EQ(unknown.block_threads, 128.0);
  EXPECT_EQ(unknown.resident_per_sm, 0);
  EXPECT_EQ(unknown.waves, 0.0);
  ab::kernels::KernelSpec no_launch;
  no_launch.name = "no_launch";
  EXPECT_THROW(ab::backend::residency(no_launch, {}, 2048, ab::backend::occupancy_for(132, 9, 0)), std::invalid_argument);
}

TEST(Residency, RegistersAndSharedMemoryLimitTheResidentBlocks) {
  const ab::backend::Occupancy h100 = ab::backend::occupancy_for(132, 9, 0);  // 64 K registers, 228 KiB shared, 1 KiB reserved a block
  // 128 threads × 112 registers: 4 warps × 3584 registers, 4 blocks in 65536 (threads alone: 16).
  EXPECT_EQ(ab::backend::resident_blocks_per_sm(h100, 128, 112), 4);
  // Registers are allocated per warp in units of 256: 33 a thread take 40 × 32 = 1280 a warp, 6 blocks
  // of 256 threads fit 8 × 1280 × 6 = 61440 (7 would need 71680).
  EXPECT_EQ(ab::backend::resident_blocks_per_sm(h100, 256, 33), 6);
  // 48 KiB of shared memory a block: 233472 / (49152 + 1024) = 4.65 → 4.
  EXPECT_EQ(ab::backend::resident_blocks_per_sm(h100, 64, 0, 48 * 1024), 4);
  // The smallest limit binds, and at least one block always fits.
  EXPECT_EQ(ab::backend::resident_blocks_per_sm(h100, 64, 32, 48 * 1024), 4);
  EXPECT_EQ(ab::backend::resident_blocks_per_sm(h100, 1024, 255, 200 * 1024), 1);
  const ab::backend::Occupancy ada = ab::backend::occupancy_for(48, 8, 9);  // 100 KiB shared
  EXPECT_EQ(ada.shared_bytes_per_sm, 100 * 1024);
  EXPECT_EQ(ab::backend::resident_blocks_per_sm(ada, 64, 0, 48 * 1024), 2);
}
