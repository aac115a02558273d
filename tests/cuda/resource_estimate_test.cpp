// GEMM's resource estimate (KernelSpec::resources, behind the model's blocks_per_sm and
// resident_threads) against what the compiler gives every configuration on the GPU (Device::
// block_resources): the blocks an SM holds by the estimate must equal those by the compiled kernel's
// registers and shared memory for most configurations. Skipped without a GPU.
#include <gtest/gtest.h>

#include <iostream>
#include <optional>

#include "kernels/kernel.hpp"
#include "kernels/tuning.hpp"
#include "suite/backend/cuda/cuda_device.hpp"
#include "suite/backend/residency.hpp"

using namespace autobench;

TEST(ResourceEstimate, GemmsResidentBlocksMatchTheCompiledKernels) {
  if (backend::cuda_device_count() == 0) GTEST_SKIP() << "no CUDA GPU visible";
  auto device = backend::open_cuda_device(0, 1);
  const auto& info = device->info();
  const backend::Occupancy occupancy = backend::occupancy_for(info.sm_count, info.cc_major, info.cc_minor);
  const kernels::KernelSpec& gemm = *kernels::find("gemm");
  int same = 0, within_one = 0, total = 0;
  for (const auto& config : kernels::tuning_space(gemm, 8192)) {
    const std::optional<kernels::BlockResources> compiled_resources = device->block_resources(gemm, config);
    ASSERT_TRUE(compiled_resources.has_value()) << "the cuda backend knows what it compiled";
    const int regs = static_cast<int>(compiled_resources->registers_per_thread);
    const int shared = static_cast<int>(compiled_resources->shared_bytes);
    ASSERT_GT(regs, 0);
    ASSERT_GT(shared, 0) << "GEMM's tiles are static shared memory";
    const int threads = static_cast<int>(config.at("MDIMC") * config.at("NDIMC"));
    const kernels::BlockResources estimate = gemm.resources(config);
    const int compiled = backend::resident_blocks_per_sm(occupancy, threads, regs, shared);
    const int estimated = backend::resident_blocks_per_sm(occupancy, threads, estimate.registers_per_thread, estimate.shared_bytes);
    same += compiled == estimated;
    within_one += std::abs(compiled - estimated) <= 1;
    ++total;
    std::cout << kernels::to_string(config) << ": registers " << regs << " (estimate " << estimate.registers_per_thread
              << "), shared " << shared << " (" << estimate.shared_bytes << "), blocks per SM " << compiled << " ("
              << estimated << ")\n";
  }
  std::cout << info.name << ": resident blocks per SM equal in " << same << " of " << total << " configurations, within one in "
            << within_one << "\n";
  ASSERT_GT(total, 100);
  // Measured on an H100 (CUDA 13.0): equal in 164 of 216, within one in 211.
  EXPECT_GE(same, total * 7 / 10);
  EXPECT_GE(within_one, total * 9 / 10);
}
