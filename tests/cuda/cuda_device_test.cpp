// The cuda backend on a real GPU: device selection and description, verification of every
// configuration, timing, the out-of-memory path, module caching. Skipped without a GPU; the no-GPU
// behaviour is tested everywhere.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "kernels/kernel.hpp"
#include "kernels/tuning.hpp"
#include "suite/backend/cuda/cuda_device.hpp"
#include "kernels/inputs.hpp"
#include "suite/backend/cuda/device_context.hpp"
#include "suite/backend/cuda/kernel_runner.hpp"
#include "suite/autoscale/sweep.hpp"

using namespace autobench;

namespace {

const kernels::KernelSpec& spec(const char* name) { return *kernels::find(name); }

class CudaDeviceTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (backend::cuda_device_count() == 0) GTEST_SKIP() << "no CUDA GPU visible";
    device_ = backend::open_cuda_device(0, 1);
  }
  std::unique_ptr<backend::Device> device_;
};

}  // namespace

TEST(CudaNoGpu, CountNeverThrowsAndOpenExplains) {
  const int count = backend::cuda_device_count();
  EXPECT_GE(count, 0);
  if (count > 0) GTEST_SKIP() << "a GPU is visible";
  try {
    backend::open_cuda_device(0, 1);
    FAIL() << "opened a device without a GPU";
  } catch (const backend::DeviceError& e) {
    EXPECT_NE(std::string(e.what()).find("no CUDA GPU visible"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("CUDA_VISIBLE_DEVICES"), std::string::npos) << e.what();
  }
}

TEST_F(CudaDeviceTest, MoreRanksThanGpusIsAOneLineError) {
  const int count = backend::cuda_device_count();
  try {
    backend::open_cuda_device(0, count + 1);
    FAIL() << "accepted more ranks than GPUs";
  } catch (const backend::DeviceError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find(std::to_string(count + 1) + " ranks on this node but only " + std::to_string(count) + " GPU"),
              std::string::npos) << what;
    EXPECT_EQ(what.find('\n'), std::string::npos);
  }
}

TEST_F(CudaDeviceTest, DescribesItself) {
  const auto& info = device_->info();
  std::cout << "device: " << info.name << " cc " << info.cc_major << "." << info.cc_minor << ", " << info.sm_count
            << " SMs, " << info.memory_total_bytes / (1 << 20) << " MiB, L2 " << info.l2_bytes / 1024 << " KiB, SM clock max "
            << info.sm_clock_max_mhz << " MHz, memory clock max " << info.mem_clock_max_mhz << " MHz, driver "
            << info.driver_version << ", runtime " << info.runtime_version << ", " << info.uuid << " at "
            << info.pci_bus_id << " on " << info.hostname << "; now SM " << info.sm_clock_current_mhz << " MHz, memory "
            << info.mem_clock_current_mhz << " MHz, power limit " << info.power_limit_w << " W\n";
  EXPECT_EQ(info.backend, "cuda");
  EXPECT_FALSE(info.name.empty());
  EXPECT_EQ(info.model, info.name);
  EXPECT_EQ(info.uuid.rfind("GPU-", 0), 0u);
  EXPECT_EQ(info.uuid.size(), 40u);
  EXPECT_FALSE(info.pci_bus_id.empty());
  EXPECT_FALSE(info.hostname.empty());
  EXPECT_GE(info.cc_major, 7);
  EXPECT_GT(info.sm_count, 0);
  EXPECT_GT(info.memory_total_bytes, 1ull << 30);
  EXPECT_GT(info.l2_bytes, 0u);
  EXPECT_GT(info.sm_clock_max_mhz, 500.0);
  EXPECT_GT(info.mem_clock_max_mhz, 100.0);
  EXPECT_FALSE(info.driver_version.empty());
  EXPECT_EQ(info.driver_version.find("for"), std::string::npos) << info.driver_version;
  EXPECT_FALSE(info.runtime_version.empty());
  EXPECT_GT(device_->free_memory_bytes(), 0u);
  EXPECT_LE(device_->free_memory_bytes(), info.memory_total_bytes);
}

TEST_F(CudaDeviceTest, EveryConfigurationOfEveryKernelVerifies) {
  // Small sizes, including ones that are not multiples of the block sizes (bounds checks).
  const std::vector<std::pair<const char*, std::uint64_t>> cases = {
      {"vecadd", 1 << 20}, {"vecadd", 1000003}, {"gemm", 256}, {"gemm", 384}, {"fp32", 65536}, {"fp32", 40961}};
  for (const auto& [name, n] : cases) {
    auto work = device_->prepare(spec(name), n);
    const auto configs = work->configurations();
    EXPECT_EQ(configs.size(), kernels::tuning_space(spec(name), n).size());
    for (const auto& config : configs) EXPECT_NO_THROW(work->verify(config)) << name << " n=" << n << " [" << kernels::to_string(config) << "]";
  }
}

TEST_F(CudaDeviceTest, VerifiesLargeSizesBySampling) {
  auto gemm = device_->prepare(spec("gemm"), 4096);
  EXPECT_NO_THROW(gemm->verify(gemm->configurations().front()));
  auto vecadd = device_->prepare(spec("vecadd"), (1ull << 26) + 256);
  EXPECT_NO_THROW(vecadd->verify(vecadd->configurations().back()));
}

TEST_F(CudaDeviceTest, WrongResultsAreCaught) {
  using namespace backend::cuda;
  auto& ctx = dynamic_cast<CudaDevice&>(*device_).context();
  ctx.make_current();
  // fp32 run with one FMA fewer per chain than the reference is told.
  {
    const auto& fp32 = spec("fp32");
    DeviceBuffer y(4096, "y");
    ctx.fill(y.data(), 4096, kernels::kSeedY);
    const kernels::Tunables ran{{"BLOCK_SIZE", 256}, {"NR_INNER", 8}, {"NR_OUTER", 511}};
    kernels::Tunables claimed = ran;
    claimed["NR_OUTER"] = 512;
    launch(ctx, ctx.function(fp32.source(), fp32.name, ran), fp32.launch(ran, 4096), {y.data()});
    backend::ReferenceCache reference;
    const std::string problem = compare_output(ctx, reference, fp32.check(claimed, 4096), fp32.buffers(4096)[0], y.data());
    // A handful of outputs may sit within an ulp of the fixed point, where one FMA changes nothing.
    EXPECT_NE(problem.find(" of 4096 checked elements differ"), std::string::npos) << problem;
    EXPECT_GT(std::atoi(problem.c_str()), 4000) << problem;
  }
  // gemm with one element of C overwritten after the launch.
  {
    const auto& gemm = spec("gemm");
    const std::uint64_t m = 256;
    DeviceBuffer a(m * 256, "A"), b(256 * m, "B"), c(m * m, "C");
    ctx.fill(a.data(), a.elements(), kernels::kSeedA);
    ctx.fill(b.data(), b.elements(), kernels::kSeedB);
    const kernels::Tunables config = kernels::tuning_space(gemm, m).front();
    launch(ctx, ctx.function(gemm.source(), gemm.name, config), gemm.launch(config, m), {a.data(), b.data(), c.data()});
    ctx.synchronize();
    backend::ReferenceCache reference;
    const auto output = gemm.buffers(m)[2];
    EXPECT_EQ(compare_output(ctx, reference, gemm.check(config, m), output, c.data()), "");
    const float bad = 1000.0f;
    ASSERT_EQ(cudaMemcpy(c.data() + 777, &bad, sizeof(float), cudaMemcpyHostToDevice), cudaSuccess);
    const std::string problem = compare_output(ctx, reference, gemm.check(config, m), output, c.data());
    EXPECT_NE(problem.find("1 of 65536 checked elements differ from the CPU reference; first at index 777: got 1000"),
              std::string::npos) << problem;
  }
}

TEST_F(CudaDeviceTest, TimesWarmAndCold) {
  auto work = device_->prepare(spec("vecadd"), 1 << 26);
  const auto config = work->configurations().front();
  for (bool cold : {false, true}) {
    const backend::TimingPlan plan{2, 10, cold};
    const backend::Timing t = work->time(config, plan);
    ASSERT_EQ(t.seconds.size(), 10u);
    double min = 1e9;
    for (double s : t.seconds) {
      EXPECT_GT(s, 0.0);
      min = std::min(min, s);
    }
    const double gbs = spec("vecadd").throughput(1 << 26, min);
    std::cout << "vecadd n=2^26 [" << kernels::to_string(config) << "] " << (cold ? "cold" : "warm") << ": best " << min * 1e3
              << " ms, " << gbs << " GB/s; NVML: SM " << t.sm_clock_mhz << " MHz, " << t.temperature_c
              << " C, clock-event reasons 0x" << std::hex << t.clock_event_reasons << std::dec << "\n";
    if (!std::isnan(device_->info().power_limit_w)) {  // NVML is there: the timing must have read it
      EXPECT_FALSE(std::isnan(t.sm_clock_mhz));
      EXPECT_FALSE(std::isnan(t.temperature_c));
    }
    EXPECT_GT(gbs, 50.0);
    EXPECT_LT(gbs, 20000.0);
  }
  EXPECT_TRUE(work->time(config, {0, 0, false}).seconds.empty());
}

TEST_F(CudaDeviceTest, OutOfMemoryFreesEverything) {
  const std::uint64_t before = device_->free_memory_bytes();
  // Three buffers of total/4 elements each: 3x the memory, the third allocation fails... or the first.
  const std::uint64_t n = device_->info().memory_total_bytes / sizeof(float) * 3 / 4;
  EXPECT_THROW(device_->prepare(spec("vecadd"), n), backend::OutOfMemory);
  try {
    device_->prepare(spec("vecadd"), n);
  } catch (const backend::OutOfMemory& e) {
    EXPECT_NE(std::string(e.what()).find("vecadd buffer"), std::string::npos) << e.what();
  }
  const std::uint64_t after = device_->free_memory_bytes();
  EXPECT_GE(after + (64ull << 20), before) << "memory leaked after an out-of-memory prepare";
  // The device still works.
  auto work = device_->prepare(spec("vecadd"), 1 << 20);
  EXPECT_NO_THROW(work->verify(work->configurations().front()));
}

TEST_F(CudaDeviceTest, AllocatedBytesMatchTheFootprint) {
  for (const auto& k : kernels::all()) {
    const std::uint64_t n = k.round_size(2048);
    auto work = device_->prepare(k, n);
    EXPECT_EQ(static_cast<double>(work->allocated_bytes()), 4.0 * k.elements(n)) << k.name;
  }
}

TEST_F(CudaDeviceTest, ModulesAreCachedAcrossWorkloads) {
  auto& ctx = dynamic_cast<backend::cuda::CudaDevice&>(*device_).context();
  const kernels::Tunables config{{"BLOCK_SIZE", 256}, {"ELEMS_PER_THREAD", 2}};
  EXPECT_EQ(ctx.function("vecadd.cu", "vecadd", config), ctx.function("vecadd.cu", "vecadd", config));
}

TEST_F(CudaDeviceTest, WorkloadOutlivesItsDevice) {
  auto work = device_->prepare(spec("fp32"), 1 << 16);
  device_.reset();
  EXPECT_NO_THROW(work->verify(work->configurations().front()));
}

TEST_F(CudaDeviceTest, ASweepRecordsTheCompiledResourcesOfWhatItTimed) {
  autoscale::AutoscaleSettings s;
  s.start_size = 512;
  s.max_size = 768;
  s.tune_budget = 8;
  const auto campaigns = autoscale::run_sweep(*device_, spec("gemm"), {"kneedle"}, s);
  ASSERT_FALSE(campaigns.at(0).points.empty());
  for (const auto& p : campaigns.at(0).points) {
    // Each configuration timed is listed once, with what the compiler gave it (Device::block_resources).
    const auto chosen = p.tune_resources.find(p.tunables + "@");
    ASSERT_NE(chosen, std::string::npos) << p.tune_resources;
    const auto space = kernels::tuning_space(spec("gemm"), p.size);
    const auto config = std::find_if(space.begin(), space.end(), [&](const auto& c) { return kernels::to_string(c) == p.tunables; });
    ASSERT_NE(config, space.end()) << p.tunables;
    const auto resources = *device_->block_resources(spec("gemm"), *config);
    EXPECT_EQ(p.tune_resources.substr(chosen + p.tunables.size() + 1, p.tune_resources.find(';', chosen) - chosen - p.tunables.size() - 1),
              std::to_string(static_cast<int>(resources.registers_per_thread)) + "/" +
                  std::to_string(static_cast<int>(resources.shared_bytes)));
    EXPECT_EQ(std::count(p.tune_resources.begin(), p.tune_resources.end(), '@'), p.tune_measured) << "once each";
  }
}
