// stencil: one Jacobi step of the 2-D 5-point stencil on an m x m float grid (row-major), with zeros
// outside the grid. A block of TILE_X x TILE_Y threads computes one tile, one point per thread. With
// SHARED the block first stages the tile and its one-point halo in shared memory (each input read
// once from global memory by the block); without, neighbours are read from global memory and reuse
// comes from the L1/L2 caches.

#include "kernels/stencil/stencil.cuh"

extern "C" __global__ void __launch_bounds__(TILE_X * TILE_Y)
stencil(const float* __restrict__ in, float* __restrict__ out, unsigned long long m) {
  const long long col = static_cast<long long>(blockIdx.x) * TILE_X + threadIdx.x;
  const long long row = static_cast<long long>(blockIdx.y) * TILE_Y + threadIdx.y;
  const long long side = static_cast<long long>(m);
#if SHARED
  __shared__ float tile[TILE_Y + 2][TILE_X + 2];
  const long long row0 = static_cast<long long>(blockIdx.y) * TILE_Y - 1;
  const long long col0 = static_cast<long long>(blockIdx.x) * TILE_X - 1;
  for (int k = threadIdx.y * TILE_X + threadIdx.x; k < (TILE_Y + 2) * (TILE_X + 2); k += TILE_X * TILE_Y) {
    const long long r = row0 + k / (TILE_X + 2), c = col0 + k % (TILE_X + 2);
    tile[k / (TILE_X + 2)][k % (TILE_X + 2)] = (r >= 0 && r < side && c >= 0 && c < side) ? in[r * side + c] : 0.0f;
  }
  __syncthreads();
  if (row >= side || col >= side) return;
  const int y = threadIdx.y + 1, x = threadIdx.x + 1;
  out[row * side + col] = autobench_stencil(tile[y][x], tile[y - 1][x], tile[y + 1][x], tile[y][x - 1], tile[y][x + 1]);
#else
  if (row >= side || col >= side) return;
  const long long i = row * side + col;
  const float north = row > 0 ? in[i - side] : 0.0f;
  const float south = row + 1 < side ? in[i + side] : 0.0f;
  const float west = col > 0 ? in[i - 1] : 0.0f;
  const float east = col + 1 < side ? in[i + 1] : 0.0f;
  out[i] = autobench_stencil(in[i], north, south, west, east);
#endif
}
