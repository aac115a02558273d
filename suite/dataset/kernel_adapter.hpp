// The dataset's one adapter onto the suite's kernels and devices: per registered kernel (kernels/kernel.hpp)
// its launch shape, arguments, bytes and flops and CUDA source; per device its ceilings.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "kernels/kernel.hpp"
#include "suite/backend/device.hpp"
#include "suite/dataset/launch_config.hpp"
#include "suite/dataset/prompt.hpp"

namespace autobench::dataset {

struct DatasetKernel {
  const kernels::KernelSpec* spec = nullptr;
  std::string source_file;  // "vecadd.cu" (kernels/vecadd/vecadd.cu)
  // The sampler's view; sizes up to max_size (the largest whose buffers fit).
  LaunchShape shape(std::uint64_t max_size) const;
  std::vector<Argument> arguments(std::uint64_t n, const kernels::Tunables& config) const;
  double bytes(std::uint64_t n) const;  // minimum DRAM traffic of one launch
  double flops(std::uint64_t n) const;
  std::string source() const;  // the CUDA source text (embedded in cuda builds, else from the source tree)
};

// The kernel as the dataset knows it; nullopt for a kernel without a launch description.
std::optional<DatasetKernel> dataset_kernel(const kernels::KernelSpec& spec);

// Largest problem size (granularity multiple) whose buffers take at most `bytes`.
std::uint64_t max_size_for_bytes(const kernels::KernelSpec& spec, double bytes);

// The device's roofline ceilings: measured (cuda: copy bandwidth and FP32 FMA peak at the loaded SM
// clock) or the sim model's peaks.
struct DeviceCeilings {
  double bandwidth_gbs = 0, gflops = 0;
  std::string source;  // "measured" or "sim model"
};
DeviceCeilings device_ceilings(backend::Device& device);

}  // namespace autobench::dataset
