// The shipped sim models and the analytic time model (see sim_model.hpp).
#include "suite/backend/sim/sim_model.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "suite/text/echo.hpp"

namespace autobench::backend::sim {
namespace {

constexpr std::uint64_t GiB = 1ull << 30;
constexpr std::uint64_t MiB = 1ull << 20;

// The model of each bottleneck class: the share of the memory bandwidth (or FP32 peak) it reaches and
// the resident-thread waves it needs to get there. The memory-side classes scale the bandwidth model:
//   bandwidth+sync: barriers and a partial-sum write per block cost a few percent;
//   irregular:      gathers move whole 32-byte sectors for 4 useful bytes of most loads;
//   contention:     atomics on a few hot addresses serialise in the L2;
//   latency:        one dependent load in flight per thread, so far more threads are needed.
struct ClassModel {
  double efficiency;  // times bandwidth_efficiency (or compute_efficiency)
  double waves;       // times bandwidth_waves (or compute_waves)
};

ClassModel class_model(kernels::Bound b) {
  switch (b) {
    case kernels::Bound::bandwidth_sync: return {0.95, 1.0};
    case kernels::Bound::irregular: return {0.35, 1.0};
    case kernels::Bound::contention: return {0.25, 0.5};
    case kernels::Bound::latency: return {0.05, 4.0};
    default: return {1.0, 1.0};
  }
}

bool compute_side(kernels::Bound b) { return b == kernels::Bound::compute; }

double saturation_threads(const SimModel& m, kernels::Bound b) {
  const double waves = (compute_side(b) ? m.compute_waves : m.bandwidth_waves) * class_model(b).waves;
  return static_cast<double>(m.sm_count) * m.threads_per_sm * waves;
}

}  // namespace

const std::vector<SimModel>& models() {
  // name, SMs, threads/SM, GB/s, FP32 GFLOP/s, boost MHz, mem MHz, memory, L2, power W, cc; the L2 hump's
  // speedup (docs/backends.md: the H100's measured, the Ada cards' an assumption until measured)
  static const std::vector<SimModel> list = [] {
    std::vector<SimModel> l = {
        {"RTX 4000 Ada", 48, 1536, 360.0, 26730.0, 2175, 10000, 20 * GiB, 48 * MiB, 130, 8, 9},
        {"RTX 5000 Ada", 100, 1536, 576.0, 65280.0, 2550, 10000, 32 * GiB, 64 * MiB, 250, 8, 9},
        {"H100 SXM", 132, 2048, 3350.0, 66900.0, 1980, 2619, 80 * GiB, 50 * MiB, 700, 9, 0},
    };
    l[0].l2_speedup = l[1].l2_speedup = 2.0;
    return l;
  }();
  return list;
}

const SimModel* find_model(const std::string& name) {
  const auto& l = models();
  auto it = std::find_if(l.begin(), l.end(), [&](const SimModel& m) { return m.name == name; });
  return it == l.end() ? nullptr : &*it;
}

const SimModel& model_named(const std::string& name) {
  if (const SimModel* m = find_model(name)) return *m;
  std::string known;
  for (const auto& m : models()) known += (known.empty() ? "'" : ", '") + m.name + "'";
  throw std::invalid_argument("unknown sim device " + text::echo(name) + " (allowed: " + known + ")");
}

double utilization(const SimModel& m, const kernels::KernelSpec& kernel, std::uint64_t n) {
  const double x = kernel.threads(n) / saturation_threads(m, kernel.bound);
  return x / std::pow(1.0 + std::pow(x, m.sharpness), 1.0 / m.sharpness);
}

double expected_time_s(const SimModel& m, const kernels::KernelSpec& kernel, std::uint64_t n) {
  return expected_time_s(m, kernel, n, m.boost_clock_mhz);
}

double l2_speedup(const SimModel& m, const kernels::KernelSpec& kernel, std::uint64_t n) {
  if (compute_side(kernel.bound) || kernel.bound == kernels::Bound::latency || m.l2_bytes == 0) return 1.0;
  const double l2 = static_cast<double>(m.l2_bytes);
  const double resident = std::clamp((l2 - 4.0 * kernel.elements(n)) / ((1.0 - m.l2_resident_share) * l2), 0.0, 1.0);
  return 1.0 + (m.l2_speedup - 1.0) * resident;
}

double expected_time_s(const SimModel& m, const kernels::KernelSpec& kernel, std::uint64_t n, double clock_mhz,
                       bool warm) {
  const double share = class_model(kernel.bound).efficiency;
  const double peak = compute_side(kernel.bound)
                          ? m.peak_fp32_gflops * 1e9 * m.compute_efficiency * share * clock_mhz / m.boost_clock_mhz
                          : m.peak_bandwidth_gbs * 1e9 * m.bandwidth_efficiency * share;
  const double speedup = warm ? l2_speedup(m, kernel, n) : 1.0;
  return m.launch_latency_s + kernel.work(n) / (peak * speedup * utilization(m, kernel, n));
}

std::uint64_t saturation_size(const SimModel& m, const kernels::KernelSpec& kernel) {
  const double target = saturation_threads(m, kernel.bound);
  std::uint64_t hi = kernel.round_size(1);
  while (kernel.threads(hi) < target) hi *= 2;
  std::uint64_t lo = hi / 2;
  while (hi - lo > 1) {
    const std::uint64_t mid = lo + (hi - lo) / 2;
    (kernel.threads(mid) < target ? lo : hi) = mid;
  }
  return kernel.round_size(hi);
}

}  // namespace autobench::backend::sim
