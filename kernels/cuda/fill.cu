// Fills a buffer with the deterministic input values of common.cuh (inputs and cold re-initialisation).
#include "kernels/cuda/common.cuh"

extern "C" __global__ void fill(float* __restrict__ p, unsigned long long n, unsigned int seed) {
  const unsigned long long stride = static_cast<unsigned long long>(gridDim.x) * blockDim.x;
  for (unsigned long long i = static_cast<unsigned long long>(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride)
    p[i] = autobench_input_value(seed, i);
}
