// One sampled launch configuration of a dataset, and how a kernel maps sizes and tunables to launches.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "kernels/kernel.hpp"
#include "suite/dataset/regime.hpp"

namespace autobench::dataset {

// The launch geometry of one kernel as the sampler sees it (filled by the kernel adapter).
struct LaunchShape {
  std::string kernel;
  // The candidate tunable sets (the kernel's tuning space): block size and the kernel's other
  // parameters, each drawn from its small candidate set; only valid combinations are listed.
  std::vector<kernels::Tunables> configs;
  std::uint64_t granularity = 1;  // problem sizes are multiples of this
  std::uint64_t min_size = 1;
  std::uint64_t max_size = 1;     // the largest size whose buffers fit (memory) or the caller's cap
  std::function<int(const kernels::Tunables&)> block_threads;
  // Workgroups (thread blocks) launched at problem size n; non-decreasing in n.
  std::function<std::uint64_t(std::uint64_t n, const kernels::Tunables&)> workgroups;
  // Whether the configuration can run at size n (e.g. gemm tiles must divide m); none: always.
  std::function<bool(std::uint64_t n, const kernels::Tunables&)> fits;
};

// Where a configuration comes from: the regime sampler, or the IQR refinement (with its reason).
enum class Origin { sampled = 0, iqr = 1 };
const char* to_string(Origin o);

struct LaunchConfig {
  std::string kernel;
  kernels::Tunables tunables;
  std::uint64_t size = 0;        // the kernel's problem size n (array sizes derive from it)
  std::uint64_t workgroups = 0;  // grid size in blocks
  int block_threads = 0;         // local size
  Regime regime = Regime::idle;  // classified from workgroups, block size and the device
  Origin origin = Origin::sampled;
  std::string reason;            // for origin iqr: the sparse bin it fills and why
  std::uint64_t global_size() const { return workgroups * static_cast<std::uint64_t>(block_threads); }
};

// Smallest problem size (a multiple of the granularity, within [min_size, max_size]) whose launch has
// at least `target` workgroups, or 0 when even max_size has fewer.
std::uint64_t size_for_workgroups(const LaunchShape& shape, const kernels::Tunables& config, std::uint64_t target);

// The configuration at size n, with its workgroups, block size and regime filled in.
LaunchConfig make_config(const LaunchShape& shape, const kernels::Tunables& config, std::uint64_t n,
                         const backend::Occupancy& occupancy);

}  // namespace autobench::dataset
