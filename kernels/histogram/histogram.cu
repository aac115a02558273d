// histogram: counts of n bin indices (32-bit) into AUTOBENCH_HISTOGRAM_BINS bins with atomic adds
// (contention-bound). Each thread handles ITEMS elements strided by BLOCK_SIZE. PRIVATE 0: every
// element is a global atomicAdd; PRIVATE 1: the block counts in a shared-memory copy first and adds
// its non-zero bins to the global histogram at the end. histogram_init writes the input data.

#include "kernels/histogram/histogram.cuh"

extern "C" __global__ void histogram_init(unsigned int* __restrict__ data, unsigned long long words, unsigned long long) {
  const unsigned long long stride = static_cast<unsigned long long>(gridDim.x) * blockDim.x;
  for (unsigned long long i = static_cast<unsigned long long>(blockIdx.x) * blockDim.x + threadIdx.x; i < words; i += stride)
    data[i] = autobench_histogram_bin(i);
}

extern "C" __global__ void __launch_bounds__(BLOCK_SIZE)
histogram(const unsigned int* __restrict__ data, unsigned int* __restrict__ counts, unsigned long long n) {
  const unsigned long long base = static_cast<unsigned long long>(blockIdx.x) * (BLOCK_SIZE * ITEMS) + threadIdx.x;
#if PRIVATE
  __shared__ unsigned int local[AUTOBENCH_HISTOGRAM_BINS];
  for (unsigned int b = threadIdx.x; b < AUTOBENCH_HISTOGRAM_BINS; b += BLOCK_SIZE) local[b] = 0;
  __syncthreads();
#endif
#pragma unroll
  for (int e = 0; e < ITEMS; ++e) {
    const unsigned long long i = base + static_cast<unsigned long long>(e) * BLOCK_SIZE;
    if (i < n) {
#if PRIVATE
      atomicAdd(&local[data[i]], 1u);
#else
      atomicAdd(&counts[data[i]], 1u);
#endif
    }
  }
#if PRIVATE
  __syncthreads();
  for (unsigned int b = threadIdx.x; b < AUTOBENCH_HISTOGRAM_BINS; b += BLOCK_SIZE)
    if (local[b] != 0) atomicAdd(&counts[b], local[b]);
#endif
}
