// Figures for bench/cuda/README.md (printed, not asserted beyond sanity; skipped without a GPU): every
// kernel's best throughput at one large size against the device-to-device copy bandwidth measured in
// the same process, fp32 against the FMA peak at the SM clock measured while it runs, and the cost of
// a GEMM sweep in a new process with the on-disk compile cache (AUTOBENCH_COMPILE_CACHE_DIR).
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <iostream>

#include "kernels/kernel.hpp"
#include "suite/backend/compile_cache.hpp"
#include "suite/backend/cuda/ceilings.hpp"
#include "suite/backend/cuda/cuda_device.hpp"

using namespace autobench;

namespace {

struct Best {
  double throughput = 0, sm_clock_mhz = 0;
  std::string config;
};

// Every configuration at size n, verified once, then the median of 10 launches after 2 warm-ups.
Best best_of(backend::Device& device, const kernels::KernelSpec& k, std::uint64_t n) {
  auto work = device.prepare(k, n);
  Best best;
  for (const auto& config : work->configurations()) {
    work->verify(config);
    const backend::Timing t = work->time(config, {2, 10, false});
    std::vector<double> s = t.seconds;
    std::nth_element(s.begin(), s.begin() + s.size() / 2, s.end());
    const double v = k.throughput(n, s[s.size() / 2]);
    if (v > best.throughput) best = {v, t.sm_clock_mhz, kernels::to_string(config)};
  }
  return best;
}

class KernelFigures : public ::testing::Test {
 protected:
  void SetUp() override {
    if (backend::cuda_device_count() == 0) GTEST_SKIP() << "no CUDA GPU visible";
    device_ = backend::open_cuda_device(0, 1);
  }
  std::unique_ptr<backend::Device> device_;
};

}  // namespace

TEST_F(KernelFigures, MemoryKernelsAgainstDeviceCopy) {
  const auto ceilings = backend::cuda::measure_ceilings(*device_);
  std::cout << "device: " << device_->info().name << ", driver " << device_->info().driver_version
            << "; device-to-device copy " << ceilings.copy_gbs << " GB/s (" << ceilings.copy_bytes << " bytes)\n";
  const std::vector<std::pair<const char*, std::uint64_t>> cases = {
      {"vecadd", 1ull << 28}, {"triad", 1ull << 28}, {"reduction", 1ull << 28}, {"transpose", 16384},
      {"stencil", 16384},     {"spmv", 1ull << 24},  {"histogram", 1ull << 28}, {"chase", 1ull << 20}};
  for (const auto& [name, n] : cases) {
    const kernels::KernelSpec& k = *kernels::find(name);
    const Best b = best_of(*device_, k, n);
    std::cout << "  " << name << " (" << kernels::to_string(k.bound) << ") n=" << n << ": " << b.throughput << " "
              << k.metric_unit() << " = " << 100.0 * b.throughput / ceilings.copy_gbs << " % of copy  [" << b.config
              << "]\n";
    EXPECT_GT(b.throughput, 0.0) << name;
  }
}

TEST_F(KernelFigures, Fp32AgainstFmaPeakAtTheMeasuredClock) {
  const auto& info = device_->info();
  const int lanes = backend::cuda::fp32_lanes_per_sm(info.cc_major, info.cc_minor);
  if (lanes == 0) GTEST_SKIP() << "FP32 lanes per SM unknown for this architecture";
  const double probe_mhz = backend::cuda::measure_loaded_sm_clock_mhz(*device_);
  const std::uint64_t n = 1ull << 24;
  const Best b = best_of(*device_, *kernels::find("fp32"), n);
  const double per_mhz = 2.0 * info.sm_count * lanes * 1e-3;  // GFLOP/s per MHz
  std::cout << "fp32 n=" << n << ": " << b.throughput << " GFLOP/s [" << b.config << "]; SM clock " << b.sm_clock_mhz
            << " MHz (NVML, during the launches), " << probe_mhz << " MHz (clock probe); "
            << 100.0 * b.throughput / (per_mhz * b.sm_clock_mhz) << " % of the FMA peak at the NVML clock, "
            << 100.0 * b.throughput / (per_mhz * probe_mhz) << " % at the probe clock, "
            << 100.0 * b.throughput / (per_mhz * info.sm_clock_max_mhz) << " % at the maximum clock\n";
  EXPECT_GT(b.throughput, 0.0);
}

// Run twice in two processes with the same AUTOBENCH_COMPILE_CACHE_DIR: the second process's first
// sweep reads every image from the cache; its ratio to the later sweep is the cache's figure.
TEST_F(KernelFigures, GemmSweepsWithTheCompileCache) {
  const char* dir = std::getenv("AUTOBENCH_COMPILE_CACHE_DIR");
  if (!dir || !*dir) GTEST_SKIP() << "AUTOBENCH_COMPILE_CACHE_DIR not set";
  backend::set_compile_cache(std::filesystem::path(dir));
  const kernels::KernelSpec& gemm = *kernels::find("gemm");
  auto sweep = [&] {
    const auto t0 = std::chrono::steady_clock::now();
    for (std::uint64_t m : {1024u, 2048u, 4096u}) {
      auto work = device_->prepare(gemm, m);
      for (const auto& config : work->configurations()) {
        work->verify(config);
        work->time(config, {1, 5, false});
      }
    }
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  };
  const double first = sweep(), later = sweep();
  std::cout << "gemm sweep (m = 1024, 2048, 4096; 216 configurations each): first " << first << " s, later " << later
            << " s, ratio " << first / later << " (cache " << dir << ")\n";
  backend::set_compile_cache(std::nullopt);
  EXPECT_GT(first, 0.0);
}
