// Figures for bench/cuda/README.md: every configuration of every kernel timed at one mid-sized
// problem on the GPU, printing the best and worst, and the gemm kernels' register use. Skipped without
// a GPU; asserts only sanity, the numbers are for the record.
#include <gtest/gtest.h>

#include <algorithm>

#include "kernels/kernel.hpp"
#include "kernels/tuning.hpp"
#include "suite/backend/cuda/cuda_device.hpp"
#include "suite/backend/cuda/device_context.hpp"
#include "suite/backend/cuda/driver_api.hpp"

using namespace autobench;

namespace {

struct Result {
  double throughput;
  std::string config;
};

std::vector<Result> sweep(backend::Device& device, const char* name, std::uint64_t n) {
  const kernels::KernelSpec& k = *kernels::find(name);
  auto work = device.prepare(k, n);
  std::vector<Result> out;
  for (const auto& config : work->configurations()) {
    auto t = work->time(config, {2, 10, false}).seconds;
    std::sort(t.begin(), t.end());
    out.push_back({k.throughput(n, t[t.size() / 2]), kernels::to_string(config)});
  }
  std::sort(out.begin(), out.end(), [](const Result& a, const Result& b) { return a.throughput > b.throughput; });
  std::cout << name << " n=" << n << " (" << out.size() << " configurations, median of 10 launches each):\n";
  for (std::size_t i = 0; i < out.size(); ++i) {
    if (i < 5 || i + 1 == out.size())
      std::cout << "  " << (i + 1 == out.size() ? "worst " : "") << out[i].throughput << " " << k.metric_unit() << "  ["
                << out[i].config << "]\n";
  }
  return out;
}

}  // namespace

TEST(GpuFigures, AllConfigurationsAtOneSize) {
  if (backend::cuda_device_count() == 0) GTEST_SKIP() << "no CUDA GPU visible";
  auto device = backend::open_cuda_device(0, 1);
  std::cout << "device: " << device->info().name << ", driver " << device->info().driver_version << "\n";
  EXPECT_GT(sweep(*device, "vecadd", 1ull << 28).front().throughput, 100.0);
  EXPECT_GT(sweep(*device, "fp32", 1ull << 24).front().throughput, 1000.0);
  EXPECT_GT(sweep(*device, "gemm", 8192).front().throughput, 1000.0);
}

TEST(GpuFigures, GemmRegistersAndSpills) {
  if (backend::cuda_device_count() == 0) GTEST_SKIP() << "no CUDA GPU visible";
  auto device = backend::open_cuda_device(0, 1);
  auto& ctx = dynamic_cast<backend::cuda::CudaDevice&>(*device).context();
  const auto& api = backend::cuda::driver_api();
  int spilling = 0, max_regs = 0;
  const auto space = kernels::tuning_space(*kernels::find("gemm"), 8192);
  for (const auto& config : space) {
    CUfunction f = ctx.function("gemm.cu", "gemm", config);
    int regs = 0, local = 0;
    ASSERT_EQ(api.func_get_attribute(&regs, CU_FUNC_ATTRIBUTE_NUM_REGS, f), CUDA_SUCCESS);
    ASSERT_EQ(api.func_get_attribute(&local, CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES, f), CUDA_SUCCESS);
    max_regs = std::max(max_regs, regs);
    if (local > 0) {
      ++spilling;
      std::cout << "  spills " << local << " bytes/thread: [" << kernels::to_string(config) << "]\n";
    }
  }
  std::cout << "gemm: " << spilling << " of " << space.size() << " configurations use local memory; at most " << max_regs
            << " registers per thread\n";
}
