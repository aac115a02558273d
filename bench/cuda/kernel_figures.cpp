// Figures for bench/cuda/README.md, a bench program (not a test): every kernel's best throughput at one
// large size against the device-to-device copy bandwidth measured in the same process, fp32 against the
// FMA peak at the SM clock measured while it runs, and the cost of a GEMM sweep in a new process with the
// on-disk compile cache in directory DIR.
//   bench_cuda_kernel_figures memory | fp32 | gemm-cache DIR     (exit 77 without a CUDA GPU)
#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <string>

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

void memory_kernels_against_device_copy(backend::Device& device) {
  const auto ceilings = backend::cuda::measure_ceilings(device);
  std::cout << "device: " << device.info().name << ", driver " << device.info().driver_version
            << "; device-to-device copy " << ceilings.copy_gbs << " GB/s (" << ceilings.copy_bytes << " bytes)\n";
  const std::vector<std::pair<const char*, std::uint64_t>> cases = {
      {"vecadd", 1ull << 28}, {"triad", 1ull << 28}, {"reduction", 1ull << 28}, {"transpose", 16384},
      {"stencil", 16384},     {"spmv", 1ull << 24},  {"histogram", 1ull << 28}, {"chase", 1ull << 20}};
  for (const auto& [name, n] : cases) {
    const kernels::KernelSpec& k = *kernels::find(name);
    const Best b = best_of(device, k, n);
    std::cout << "  " << name << " (" << kernels::to_string(k.bound) << ") n=" << n << ": " << b.throughput << " "
              << k.metric_unit() << " = " << 100.0 * b.throughput / ceilings.copy_gbs << " % of copy  [" << b.config
              << "]\n";
  }
}

void fp32_against_fma_peak_at_the_measured_clock(backend::Device& device) {
  const auto& info = device.info();
  const int lanes = backend::cuda::fp32_lanes_per_sm(info.cc_major, info.cc_minor);
  if (lanes == 0) {
    std::cout << "fp32: FP32 lanes per SM unknown for compute capability " << info.cc_major << "." << info.cc_minor << "\n";
    return;
  }
  const double probe_mhz = backend::cuda::measure_loaded_sm_clock_mhz(device);
  const std::uint64_t n = 1ull << 24;
  const Best b = best_of(device, *kernels::find("fp32"), n);
  const double per_mhz = 2.0 * info.sm_count * lanes * 1e-3;  // GFLOP/s per MHz
  std::cout << "fp32 n=" << n << ": " << b.throughput << " GFLOP/s [" << b.config << "]; SM clock " << b.sm_clock_mhz
            << " MHz (NVML, during the launches), " << probe_mhz << " MHz (clock probe); "
            << 100.0 * b.throughput / (per_mhz * b.sm_clock_mhz) << " % of the FMA peak at the NVML clock, "
            << 100.0 * b.throughput / (per_mhz * probe_mhz) << " % at the probe clock, "
            << 100.0 * b.throughput / (per_mhz * info.sm_clock_max_mhz) << " % at the maximum clock\n";
}

// Run twice in two processes with the same DIR: the second process's first sweep reads every image from
// the cache; its ratio to the later sweep is the cache's figure.
void gemm_sweeps_with_the_compile_cache(backend::Device& device, const std::string& dir) {
  backend::set_compile_cache(std::filesystem::path(dir));
  const kernels::KernelSpec& gemm = *kernels::find("gemm");
  auto sweep = [&] {
    const auto t0 = std::chrono::steady_clock::now();
    for (std::uint64_t m : {1024u, 2048u, 4096u}) {
      auto work = device.prepare(gemm, m);
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
}

}  // namespace

int main(int argc, char** argv) {
  const std::string what = argc > 1 ? argv[1] : "";
  if (what != "memory" && what != "fp32" && !(what == "gemm-cache" && argc > 2)) {
    std::cerr << "usage: bench_cuda_kernel_figures memory | fp32 | gemm-cache DIR\n";
    return 2;
  }
  if (backend::cuda_device_count() == 0) {
    std::cerr << "no CUDA GPU visible\n";
    return 77;
  }
  const auto device = backend::open_cuda_device(0, 1);
  if (what == "memory") memory_kernels_against_device_copy(*device);
  if (what == "fp32") fp32_against_fma_peak_at_the_measured_clock(*device);
  if (what == "gemm-cache") gemm_sweeps_with_the_compile_cache(*device, argv[2]);
  return 0;
}
