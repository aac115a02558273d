// Shared by the CUDA kernel sources (compiled with NVRTC) and the C++ CPU references: input values.
#pragma once

#include "kernels/cuda/host_device.cuh"

// Input element i of the buffer seeded `seed`: a hash of (seed, i) mapped to a float in [-1, 1) on a
// 2^-23 grid, exactly representable, so the device fill and the CPU reference agree bit for bit.
AUTOBENCH_HOST_DEVICE inline float autobench_input_value(unsigned int seed, unsigned long long i) {
  unsigned long long z = i * 0x9E3779B97F4A7C15ull + (static_cast<unsigned long long>(seed) + 1ull) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  z ^= z >> 31;
  return static_cast<float>(static_cast<int>(z >> 40)) * (1.0f / 8388608.0f) - 1.0f;
}
