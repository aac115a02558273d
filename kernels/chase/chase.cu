// chase: pointer chasing (latency-bound). The index array (64-bit slots) forms one random cycle through
// all n * AUTOBENCH_CHASE_STEPS slots; each of n threads starts AUTOBENCH_CHASE_STEPS cycle positions
// after the previous one and follows its own chain of dependent loads, writing the low 32 bits of where
// it ends. Only the number of chains in flight hides the memory latency. chase_init writes the cycle.

#include "kernels/chase/chase.cuh"

extern "C" __global__ void chase_init(unsigned int* __restrict__ words_out, unsigned long long words, unsigned long long) {
  unsigned long long* __restrict__ next = reinterpret_cast<unsigned long long*>(words_out);
  const unsigned long long size = words / 2;
  const unsigned long long stride = static_cast<unsigned long long>(gridDim.x) * blockDim.x;
  for (unsigned long long k = static_cast<unsigned long long>(blockIdx.x) * blockDim.x + threadIdx.x; k < size; k += stride)
    next[autobench_chase_permute(k, size)] = autobench_chase_next(k, size);
}

constexpr int kUnroll = UNROLL;  // loads issued per loop iteration (still one after the other)

extern "C" __global__ void __launch_bounds__(BLOCK_SIZE)
chase(const unsigned long long* __restrict__ next, unsigned int* __restrict__ ends, unsigned long long n) {
  const unsigned long long t = static_cast<unsigned long long>(blockIdx.x) * BLOCK_SIZE + threadIdx.x;
  if (t >= n) return;
  unsigned long long slot = autobench_chase_permute(t * AUTOBENCH_CHASE_STEPS, n * AUTOBENCH_CHASE_STEPS);
#pragma unroll kUnroll
  for (int s = 0; s < AUTOBENCH_CHASE_STEPS; ++s) slot = next[slot];
  ends[t] = static_cast<unsigned int>(slot);
}
