// transpose: out = in^T for an m x m float matrix (row-major), through shared-memory tiles so that
// both the reads of `in` and the writes of `out` are coalesced. A block of TILE x ROWS threads moves one
// TILE x TILE tile, each thread TILE / ROWS elements. PAD extra columns in the shared tile shift each
// row by one bank, so that reading a tile column does not serialise on one bank (PAD 0 shows the
// bank-conflict cost). m must be a multiple of TILE.

extern "C" __global__ void __launch_bounds__(TILE * ROWS)
transpose(const float* __restrict__ in, float* __restrict__ out, unsigned long long m) {
  __shared__ float tile[TILE][TILE + PAD];
  const unsigned long long x = static_cast<unsigned long long>(blockIdx.x) * TILE + threadIdx.x;
  const unsigned long long y0 = static_cast<unsigned long long>(blockIdx.y) * TILE + threadIdx.y;
#pragma unroll
  for (int r = 0; r < TILE; r += ROWS) tile[threadIdx.y + r][threadIdx.x] = in[(y0 + r) * m + x];
  __syncthreads();
  const unsigned long long tx = static_cast<unsigned long long>(blockIdx.y) * TILE + threadIdx.x;
  const unsigned long long ty0 = static_cast<unsigned long long>(blockIdx.x) * TILE + threadIdx.y;
#pragma unroll
  for (int r = 0; r < TILE; r += ROWS) out[(ty0 + r) * m + tx] = tile[threadIdx.x][threadIdx.y + r];
}
