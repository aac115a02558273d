// The deterministic input values every kernel's buffers are filled with, on the device and in the CPU
// references alike (kernels/cuda/common.cuh), so verification needs no copy of the inputs.
#pragma once

#include <cstdint>

namespace autobench::kernels {

// Buffer seeds: an input buffer seeded s holds input_value(s, i) at index i.
enum InputSeed : unsigned int { kSeedA = 1, kSeedB = 2, kSeedY = 3 };

// A float in [-1, 1) on the 2^-23 grid, a hash of (seed, index).
float input_value(unsigned int seed, std::uint64_t index);

}  // namespace autobench::kernels
