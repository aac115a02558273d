// spmv: y = A x for an n x n CSR matrix with AUTOBENCH_SPMV_NNZ non-zeros per row at random columns
// (irregular: the gathers of x hit random cache lines). THREADS_PER_ROW consecutive threads share one
// row (1: scalar CSR, one thread per row; 2..32: vector CSR, partial sums combined by warp shuffles),
// BLOCK_SIZE threads per block. spmv_init_columns and spmv_init_rows write the index arrays.

#include "kernels/spmv/spmv.cuh"

extern "C" __global__ void spmv_init_columns(unsigned int* __restrict__ columns, unsigned long long words, unsigned long long n) {
  const unsigned long long stride = static_cast<unsigned long long>(gridDim.x) * blockDim.x;
  for (unsigned long long k = static_cast<unsigned long long>(blockIdx.x) * blockDim.x + threadIdx.x; k < words; k += stride)
    columns[k] = autobench_spmv_column(k, n);
}

extern "C" __global__ void spmv_init_rows(unsigned int* __restrict__ row_start, unsigned long long words, unsigned long long) {
  const unsigned long long stride = static_cast<unsigned long long>(gridDim.x) * blockDim.x;
  for (unsigned long long r = static_cast<unsigned long long>(blockIdx.x) * blockDim.x + threadIdx.x; r < words; r += stride)
    row_start[r] = static_cast<unsigned int>(r * AUTOBENCH_SPMV_NNZ);
}

extern "C" __global__ void __launch_bounds__(BLOCK_SIZE)
spmv(const unsigned int* __restrict__ row_start, const unsigned int* __restrict__ columns, const float* __restrict__ values,
     const float* __restrict__ x, float* __restrict__ y, unsigned long long n) {
  const unsigned long long thread = static_cast<unsigned long long>(blockIdx.x) * BLOCK_SIZE + threadIdx.x;
  const unsigned long long row = thread / THREADS_PER_ROW;
  const int lane = static_cast<int>(thread % THREADS_PER_ROW);
  float sum = 0.0f;
  if (row < n) {
    const unsigned int end = row_start[row + 1];
    for (unsigned int k = row_start[row] + lane; k < end; k += THREADS_PER_ROW) sum = fmaf(values[k], x[columns[k]], sum);
  }
#pragma unroll
  for (int offset = THREADS_PER_ROW / 2; offset > 0; offset /= 2) sum += __shfl_down_sync(0xffffffffu, sum, offset, THREADS_PER_ROW);
  if (row < n && lane == 0) y[row] = sum;
}
