// Runs any registered kernel (kernels/kernel.hpp) on a CUDA device from its definition alone: fills its
// inputs, marshals its launch arguments, and reads back its output to compare with its CPU reference.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "kernels/kernel.hpp"
#include "suite/backend/cuda/device_context.hpp"
#include "suite/backend/verification.hpp"

namespace autobench::backend::cuda {

// Queues the fill of one input buffer at size n: input_value(seed, i), or the kernel's init entry
// (taken from the module of `config`, any configuration of the space: the source needs its macros).
void fill_input(DeviceContext& ctx, const kernels::KernelSpec& kernel, const kernels::Tunables& config,
                const kernels::Buffer& buffer, void* p, std::uint64_t n);

// Queues one launch of `f` (the kernel compiled with the launch's configuration).
void launch(DeviceContext& ctx, CUfunction f, const kernels::Launch& launch, const std::vector<void*>& buffers);

// After one launch: "" when the output at p matches check's reference, else what differs (the elements
// read back are sample_positions(output.words, check.max_samples); the reference is kept in `references`).
std::string compare_output(DeviceContext& ctx, ReferenceCache& references, const kernels::Check& check,
                           const kernels::Buffer& output, const void* p);

}  // namespace autobench::backend::cuda
