// reduction: the sums of consecutive segments of kSegment floats, one block per segment, written as
// one partial sum per segment (bandwidth plus block-level synchronisation). Each thread accumulates its
// strided share of the segment in VEC-wide loads; the block then combines the BLOCK_SIZE partial sums
// either with a shared-memory tree (SHUFFLE 0: log2(BLOCK_SIZE) barriers) or with warp shuffles
// (SHUFFLE 1: one barrier between the warp and the block level).

#include "kernels/reduction/reduction.cuh"

struct __align__(VEC * 4) Vec { float v[VEC]; };

extern "C" __global__ void __launch_bounds__(BLOCK_SIZE)
reduction(const float* __restrict__ x, float* __restrict__ sums, unsigned long long n) {
  const unsigned long long begin = static_cast<unsigned long long>(blockIdx.x) * kReductionSegment;
  const unsigned long long end = begin + kReductionSegment < n ? begin + kReductionSegment : n;
  float acc = 0.0f;
  if (end - begin == kReductionSegment) {
    const Vec* __restrict__ xv = reinterpret_cast<const Vec*>(x + begin);
#pragma unroll 4
    for (int i = threadIdx.x; i < kReductionSegment / VEC; i += BLOCK_SIZE) {
      const Vec v = xv[i];
#pragma unroll
      for (int k = 0; k < VEC; ++k) acc += v.v[k];
    }
  } else {
    for (unsigned long long i = begin + threadIdx.x; i < end; i += BLOCK_SIZE) acc += x[i];
  }
#if SHUFFLE
  __shared__ float warp_sums[BLOCK_SIZE / 32];
#pragma unroll
  for (int offset = 16; offset > 0; offset /= 2) acc += __shfl_down_sync(0xffffffffu, acc, offset);
  if (threadIdx.x % 32 == 0) warp_sums[threadIdx.x / 32] = acc;
  __syncthreads();
  if (threadIdx.x < 32) {
    acc = threadIdx.x < BLOCK_SIZE / 32 ? warp_sums[threadIdx.x] : 0.0f;
#pragma unroll
    for (int offset = 16; offset > 0; offset /= 2) acc += __shfl_down_sync(0xffffffffu, acc, offset);
  }
#else
  __shared__ float partial[BLOCK_SIZE];
  partial[threadIdx.x] = acc;
  __syncthreads();
#pragma unroll
  for (int stride = BLOCK_SIZE / 2; stride > 0; stride /= 2) {
    if (threadIdx.x < stride) partial[threadIdx.x] += partial[threadIdx.x + stride];
    __syncthreads();
  }
  acc = partial[0];
#endif
  if (threadIdx.x == 0) sums[blockIdx.x] = acc;
}
