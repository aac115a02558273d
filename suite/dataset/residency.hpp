// How one launch of a kernel (a configuration at a size) sits on a device: its grid, the blocks each
// SM holds in the first wave and the waves the grid takes.
#pragma once

#include <cstdint>
#include <optional>

#include "kernels/kernel.hpp"
#include "suite/dataset/regime.hpp"

namespace autobench::dataset {

struct Residency {
  kernels::Dim grid;
  double blocks = 0;          // grid.x × grid.y × grid.z
  double block_threads = 0;   // block.x × block.y × block.z
  int resident_per_sm = 0;    // blocks an SM holds at once: its thread and block slots, and the
                              // block's registers and shared memory
  double blocks_per_sm = 0;   // in the first wave: the grid over the SMs, at most resident_per_sm
  double waves = 0;           // full waves the grid takes: ⌈blocks / (SMs × resident_per_sm)⌉
};

// `resources`: what one block takes (Device::block_resources, the compiled kernel's); by default the
// kernel's estimate (KernelSpec::resources). On a device whose SM count is not known (0) only grid,
// blocks and block_threads are set. Throws std::invalid_argument for a kernel without launch().
Residency residency(const kernels::KernelSpec& kernel, const kernels::Tunables& config, std::uint64_t n,
                    const Occupancy& device, std::optional<kernels::BlockResources> resources = std::nullopt);

}  // namespace autobench::dataset
