// Reference ceilings: the FP32 lane table everywhere; the measurements on a GPU (printed for the record).
#include <gtest/gtest.h>

#include "suite/backend/cuda/ceilings.hpp"
#include "suite/backend/cuda/cuda_device.hpp"

using namespace autobench;
using namespace autobench::backend::cuda;

TEST(Ceilings, Fp32LanesPerSm) {
  EXPECT_EQ(fp32_lanes_per_sm(7, 0), 64);    // V100
  EXPECT_EQ(fp32_lanes_per_sm(7, 5), 64);    // T4, RTX 20xx
  EXPECT_EQ(fp32_lanes_per_sm(8, 0), 64);    // A100
  EXPECT_EQ(fp32_lanes_per_sm(8, 6), 128);   // RTX 30xx, A40
  EXPECT_EQ(fp32_lanes_per_sm(8, 9), 128);   // RTX 4000 / 5000 Ada
  EXPECT_EQ(fp32_lanes_per_sm(9, 0), 128);   // H100, H200
  EXPECT_EQ(fp32_lanes_per_sm(10, 0), 128);  // B200
  EXPECT_EQ(fp32_lanes_per_sm(12, 0), 128);  // RTX 50xx
  EXPECT_EQ(fp32_lanes_per_sm(3, 5), 0);
}

TEST(Ceilings, MeasuredOnTheGpu) {
  if (backend::cuda_device_count() == 0) GTEST_SKIP() << "no CUDA GPU visible";
  auto device = backend::open_cuda_device(0, 1);
  const Ceilings c = measure_ceilings(*device);
  std::cout << "ceilings on " << device->info().name << ": copy " << c.copy_gbs << " GB/s (" << c.copy_bytes
            << " bytes, read + write), SGEMM " << c.sgemm_m << "x" << c.sgemm_n << "x" << c.sgemm_k << " "
            << c.sgemm_gflops << " GFLOP/s (pedantic, no tensor cores), SM clock under FMA load " << c.sm_clock_mhz
            << " MHz (max " << device->info().sm_clock_max_mhz << "), FP32 peak " << c.fp32_peak_gflops
            << " GFLOP/s at that clock, " << c.fp32_peak_max_clock_gflops << " at max (" << c.fp32_lanes_per_sm
            << " lanes/SM)\n";
  EXPECT_GT(c.copy_gbs, 100.0);
  EXPECT_GT(c.sgemm_gflops, 100.0);
  EXPECT_GT(c.sm_clock_mhz, 200.0);
  EXPECT_LT(c.sm_clock_mhz, device->info().sm_clock_max_mhz * 1.05);
  EXPECT_LT(c.sgemm_gflops, c.fp32_peak_max_clock_gflops * 1.02) << "SGEMM above the FP32 peak: tensor cores used?";
  EXPECT_EQ(c.sgemm_k, 256);
}
