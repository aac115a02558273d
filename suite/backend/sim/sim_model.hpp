// Named analytic GPU models for the sim backend, and the noise-free time model they define.
//
// Throughput rises with the parallelism a launch offers and saturates once the device is full:
//   t(n) = latency + work(n) / (peak * efficiency * u(n)),   u = x / (1 + x^p)^(1/p),  x = threads(n) / saturation
// so the analytic saturation point is the size where threads(n) equals the device's saturation threads.
// Each bottleneck class (kernels::Bound) scales the peak and the saturation threads (sim_model.cpp).
// Timed warm, a memory-side kernel (all but compute and latency) whose working set (its buffers) is held
// in L2 streams at l2_speedup x the memory bandwidth: fully below l2_resident_share x L2, falling
// linearly to 1 x at the L2 size. That is the L2 hump of real GPUs (docs/backends.md), whose size follows
// l2_bytes; cold timing flushes the L2 between launches and has none.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "kernels/kernel.hpp"

namespace autobench::backend::sim {

struct SimModel {
  std::string name;            // e.g. "RTX 4000 Ada"
  int sm_count = 0;
  int threads_per_sm = 0;      // resident threads per SM
  double peak_bandwidth_gbs = 0;
  double peak_fp32_gflops = 0;
  double boost_clock_mhz = 0;
  double mem_clock_mhz = 0;
  std::uint64_t memory_bytes = 0;
  std::uint64_t l2_bytes = 0;
  double power_limit_w = 0;
  int cc_major = 0, cc_minor = 0;
  // Model constants (same for all models unless stated).
  double launch_latency_s = 3e-6;
  double bandwidth_waves = 8;     // resident-thread waves needed to saturate memory bandwidth
  double compute_waves = 1;       // ... to saturate the FP32 pipes
  double bandwidth_efficiency = 0.92;
  double compute_efficiency = 0.85;
  double sharpness = 8;           // p in u(x): larger is a sharper saturation corner
  double noise_cv = 0.01;         // multiplicative per-iteration timing noise (lognormal)
  double l2_speedup = 1.35;       // warm, L2-resident throughput / device-memory throughput (docs/backends.md)
  double l2_resident_share = 0.75;  // working sets up to this share of L2 stay fully resident
};

// The shipped models (public specs of the NVIDIA RTX 4000 Ada, RTX 5000 Ada and H100 SXM).
const std::vector<SimModel>& models();
const SimModel* find_model(const std::string& name);  // nullptr when unknown
// Throws std::invalid_argument naming the unknown model and the known ones.
const SimModel& model_named(const std::string& name);

// Noise-free time of one launch of `kernel` at size n.
double expected_time_s(const SimModel& m, const kernels::KernelSpec& kernel, std::uint64_t n);
// The same at SM clock `clock_mhz`: the compute peak scales with clock / boost clock; the memory
// bandwidth of bandwidth-bound kernels does not depend on the SM clock. `warm`: the inputs stay in L2
// between launches (the L2 hump); cold otherwise.
double expected_time_s(const SimModel& m, const kernels::KernelSpec& kernel, std::uint64_t n, double clock_mhz,
                       bool warm = false);
// The factor by which L2 residency speeds up a warm launch of `kernel` at size n: 1 for compute- and
// latency-bound kernels and for working sets of at least l2_bytes, l2_speedup up to l2_resident_share x L2.
double l2_speedup(const SimModel& m, const kernels::KernelSpec& kernel, std::uint64_t n);
// u(n) in [0, 1]: how much of the device a launch at size n keeps busy.
double utilization(const SimModel& m, const kernels::KernelSpec& kernel, std::uint64_t n);
// Smallest size (kernel granularity) whose parallelism reaches the device's saturation threads.
std::uint64_t saturation_size(const SimModel& m, const kernels::KernelSpec& kernel);

}  // namespace autobench::backend::sim
