// chase's random cycle, shared by its CUDA source and its CPU reference.
#pragma once

#include "kernels/cuda/host_device.cuh"

// Dependent loads per chain (thread); also the distance between the chains' starts on the cycle.
#define AUTOBENCH_CHASE_STEPS 256

// A pseudo-random permutation of [0, size): a 4-round Feistel network on the smallest even number of
// bits that covers size, walked until it lands inside (at most 4 tries on average).
AUTOBENCH_HOST_DEVICE inline unsigned long long autobench_chase_permute(unsigned long long x, unsigned long long size) {
  int bits = 2;
  while ((1ull << bits) < size) bits += 2;
  const int half = bits / 2;
  const unsigned long long mask = (1ull << half) - 1;
  do {
    unsigned long long left = x >> half, right = x & mask;
    for (unsigned int round = 0; round < 4; ++round) {
      unsigned long long f = (right + 0x9E3779B97F4A7C15ull * (round + 1)) * 0xBF58476D1CE4E5B9ull;
      f ^= f >> 31;
      const unsigned long long next = left ^ (f & mask);
      left = right;
      right = next;
    }
    x = (left << half) | right;
  } while (x >= size);
  return x;
}

// The cycle visits slot permute(k) k-th: slot permute(k) holds permute(k + 1 mod size).
AUTOBENCH_HOST_DEVICE inline unsigned long long autobench_chase_next(unsigned long long k, unsigned long long size) {
  return autobench_chase_permute(k + 1 == size ? 0 : k + 1, size);
}
