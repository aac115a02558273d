// Estimates the largest problem size that fits in device memory, from two small builds.
#pragma once

#include <cstdint>

#include "suite/backend/device.hpp"

namespace autobench::autoscale {

// Builds the kernel at two small sizes, measures the bytes per allocated element and the fixed
// overhead, and returns the largest size (kernel granularity) whose footprint fits in
// free memory × safety_factor. Throws backend::OutOfMemory when not even the small builds fit.
std::uint64_t estimate_max_size(backend::Device& device, const kernels::KernelSpec& kernel, std::uint64_t start_size,
                                double safety_factor);

}  // namespace autobench::autoscale
