// vecadd: c = a + b over n floats. Tunables: BLOCK_SIZE threads per block, ELEMS_PER_THREAD elements
// per thread, strided by BLOCK_SIZE within the block's chunk so that every access stays coalesced.

extern "C" __global__ void __launch_bounds__(BLOCK_SIZE)
vecadd(const float* __restrict__ a, const float* __restrict__ b, float* __restrict__ c, unsigned long long n) {
  const unsigned long long base =
      static_cast<unsigned long long>(blockIdx.x) * (BLOCK_SIZE * ELEMS_PER_THREAD) + threadIdx.x;
#pragma unroll
  for (int e = 0; e < ELEMS_PER_THREAD; ++e) {
    const unsigned long long i = base + static_cast<unsigned long long>(e) * BLOCK_SIZE;
    if (i < n) c[i] = a[i] + b[i];
  }
}
