// How one launch of a kernel (a configuration at a size) sits on a device: the SMs' residency limits,
// the blocks each SM holds at once and in the first wave, and the waves the grid takes.
#pragma once

#include <cstdint>
#include <optional>

#include "kernels/kernel.hpp"

namespace autobench::backend {

inline constexpr int kWarpSize = 32;

// Residency limits of one SM: thread and block slots, registers and shared memory.
struct Occupancy {
  int sm_count = 0;
  int max_threads_per_sm = 2048;
  int max_blocks_per_sm = 32;
  int registers_per_sm = 65536;
  int shared_bytes_per_sm = 233472;   // what blocks may use: 228 KiB on 9.0
  int shared_bytes_reserved = 1024;   // per resident block, by the system (8.0 on)
};
// The limits by compute capability (CUDA occupancy tables): 7.5: 1024 threads, 16 blocks; 8.6 and
// 8.9: 1536 threads, 16 / 24 blocks; 12.x: 1536 threads, 32 blocks; everything else (7.0, 8.0, 9.0,
// 10.x): 2048 threads, 32 blocks. 64 K registers everywhere; shared memory 64 KiB (7.5), 96 KiB (7.0),
// 100 KiB (8.6, 8.9, 12.x), 164 KiB (8.0, 8.7), 228 KiB (9.0, 10.x).
Occupancy occupancy_for(int sm_count, int cc_major, int cc_minor);

// Blocks of `block_threads` threads one SM holds at once (at least 1), limited by thread and block
// slots and, when given (> 0), by registers (per thread, allocated per warp) and shared memory per block.
int resident_blocks_per_sm(const Occupancy& o, int block_threads, double registers_per_thread = 0,
                           double shared_bytes = 0);

// One launch: its grid, the blocks an SM holds at once and in the first wave, and the waves.
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

}  // namespace autobench::backend
