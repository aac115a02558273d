// Measuring design points (see measure_points.hpp).
#include "suite/modeling/measure_points.hpp"

#include <algorithm>
#include <memory>
#include <numeric>
#include <optional>
#include <set>

#include "numerics/statistics.hpp"
#include "power/io/clock_lock.hpp"

namespace autobench::modeling {

std::vector<double> measure_points(backend::Device& device, const kernels::KernelSpec& kernel,
                                   const std::vector<DesignPoint>& points, const backend::TimingPlan& plan) {
  std::vector<std::size_t> order(points.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return std::pair(points[a].clock_mhz, points[a].size) < std::pair(points[b].clock_mhz, points[b].size);
  });
  std::vector<double> out(points.size());
  std::set<std::string> verified;
  std::optional<power::io::ClockLock> lock;
  std::unique_ptr<backend::Workload> workload;
  std::optional<std::pair<unsigned, std::uint64_t>> current;
  for (std::size_t i : order) {
    const DesignPoint& p = points[i];
    if (!current || current->first != p.clock_mhz) {
      workload.reset();
      lock.reset();  // restores the previous clock before the next one is locked
      if (p.clock_mhz != 0) {
        power::io::ClockBackend* clocks = device.clock_backend();
        if (!clocks) throw power::io::ClockError("this device cannot lock its SM clock");
        lock.emplace(*clocks, power::io::ClockLockRequest{p.clock_mhz, std::nullopt});
      }
      current.reset();
    }
    if (!current || current->second != p.size) {
      workload.reset();
      workload = device.prepare(kernel, p.size);
      workload->configurations();  // the cuda backend compiles the whole space now, in parallel
      current = std::pair(p.clock_mhz, p.size);
    }
    if (verified.insert(kernels::to_string(p.config)).second) workload->verify(p.config);
    out[i] = numerics::median(workload->time(p.config, plan).seconds);
  }
  return out;
}

}  // namespace autobench::modeling
