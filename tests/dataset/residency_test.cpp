// A launch's residency: GEMM's grid, resident blocks per SM, first-wave blocks per SM and waves on an
// H100, as the sizes cross whole waves.
#include <gtest/gtest.h>

#include <stdexcept>

#include "kernels/tuning.hpp"
#include "suite/dataset/residency.hpp"
#include "tests/support/gemm_config.hpp"

namespace ab = autobench;

namespace {

const ab::kernels::KernelSpec& gemm() { return *ab::kernels::find("gemm"); }

// MWG 64, NWG 128, MDIMC 16, NDIMC 8: 128 threads whose registers let an H100 SM hold 4 blocks
// (tests/modeling/derived_parameters_test.cpp), so one full wave is 4 × 132 = 528 blocks.
ab::kernels::Tunables a_gemm_config() { return ab::testing::gemm_config(64, 128, 16, 8); }

}  // namespace

TEST(Residency, GemmsGridFillsWholeWavesOfResidentBlocksOnAnH100) {
  const auto h100 = ab::dataset::occupancy_for(132, 9, 0);
  const auto config = a_gemm_config();
  // 2048: 32 × 16 = 512 tiles, under one wave of 528: one wave, 512 / 132 blocks an SM.
  const auto at_2048 = ab::dataset::residency(gemm(), config, 2048, h100);
  EXPECT_EQ(at_2048.grid.x * at_2048.grid.y, 512u);
  EXPECT_EQ(at_2048.grid.z, 1u);
  EXPECT_EQ(at_2048.blocks, 512.0);
  EXPECT_EQ(at_2048.block_threads, 128.0);
  EXPECT_EQ(at_2048.resident_per_sm, 4);
  EXPECT_DOUBLE_EQ(at_2048.blocks_per_sm, 512.0 / 132);
  EXPECT_EQ(at_2048.waves, 1.0);
  // 2176: 34 × 17 = 578 tiles, 50 more than a wave holds: a second wave.
  const auto at_2176 = ab::dataset::residency(gemm(), config, 2176, h100);
  EXPECT_EQ(at_2176.blocks, 578.0);
  EXPECT_EQ(at_2176.blocks_per_sm, 4.0) << "the first wave fills every SM";
  EXPECT_EQ(at_2176.waves, 2.0);
  // 8192: 8192 tiles over 528 a wave: 15.5, so 16 waves.
  EXPECT_EQ(ab::dataset::residency(gemm(), config, 8192, h100).waves, 16.0);
  // The resident blocks follow the kernel's resources on the device: the same launch on an 8.6 GPU
  // with 1536 threads an SM and 84 SMs.
  EXPECT_EQ(ab::dataset::residency(gemm(), config, 2048, ab::dataset::occupancy_for(84, 8, 6)).resident_per_sm,
            ab::dataset::resident_blocks_per_sm(ab::dataset::occupancy_for(84, 8, 6), 128,
                                                gemm().resources(config).registers_per_thread,
                                                gemm().resources(config).shared_bytes));
}

TEST(Residency, TheCompiledResourcesReplaceTheEstimate) {
  const auto h100 = ab::dataset::occupancy_for(132, 9, 0);
  // MWG = NWG = 128, MDIMC 16, NDIMC 8: the estimate (168 registers) lets an SM hold 3 blocks of 128
  // threads; compiled with 177 (tests/cuda/resource_estimate_test on an H100) it holds 2. At 2432 the
  // 19 × 19 = 361 tiles then take two waves, not one.
  const auto config = ab::testing::gemm_config(128, 128, 16, 8);
  const auto estimated = ab::dataset::residency(gemm(), config, 2432, h100);
  EXPECT_EQ(estimated.resident_per_sm, 3);
  EXPECT_EQ(estimated.waves, 1.0);
  const auto compiled = ab::dataset::residency(gemm(), config, 2432, h100, ab::kernels::BlockResources{177, 16384});
  EXPECT_EQ(compiled.blocks, 361.0);
  EXPECT_EQ(compiled.resident_per_sm, 2);
  EXPECT_EQ(compiled.blocks_per_sm, 2.0);
  EXPECT_EQ(compiled.waves, 2.0);
}

TEST(Residency, WithoutTheSmCountOnlyTheGridAndWithoutALaunchNothing) {
  const auto config = a_gemm_config();
  const auto unknown = ab::dataset::residency(gemm(), config, 2048, {});
  EXPECT_EQ(unknown.blocks, 512.0);
  EXPECT_EQ(unknown.block_threads, 128.0);
  EXPECT_EQ(unknown.resident_per_sm, 0);
  EXPECT_EQ(unknown.waves, 0.0);
  ab::kernels::KernelSpec no_launch;
  no_launch.name = "no_launch";
  EXPECT_THROW(ab::dataset::residency(no_launch, {}, 2048, ab::dataset::occupancy_for(132, 9, 0)), std::invalid_argument);
}
