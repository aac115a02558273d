// stencil: one Jacobi step of the 2-D 5-point stencil on an m x m float grid (row-major), with zeros
// outside the grid. A block of TILE_X x TILE_Y threads computes a tile of TILE_X columns and
// TILE_Y * ROWS rows, ROWS points per thread. Without SHARED each thread marches down ROWS consecutive
// rows of its column keeping north, centre and south in registers, so every input is read from global
// memory about once per thread column; west and east come from the neighbouring threads' loads
// through L1. With SHARED the block first stages its tile and the one-point halo in shared memory.

#include "kernels/stencil/stencil.cuh"

extern "C" __global__ void __launch_bounds__(TILE_X * TILE_Y)
stencil(const float* __restrict__ in, float* __restrict__ out, unsigned long long m) {
  const long long side = static_cast<long long>(m);
  const long long col = static_cast<long long>(blockIdx.x) * TILE_X + threadIdx.x;
  const long long tile_row = static_cast<long long>(blockIdx.y) * (TILE_Y * ROWS);
#if SHARED
  constexpr int kRows = TILE_Y * ROWS + 2, kCols = TILE_X + 2;
  __shared__ float tile[kRows][kCols];
  const long long col0 = static_cast<long long>(blockIdx.x) * TILE_X - 1;
  for (int k = threadIdx.y * TILE_X + threadIdx.x; k < kRows * kCols; k += TILE_X * TILE_Y) {
    const long long r = tile_row - 1 + k / kCols, c = col0 + k % kCols;
    tile[k / kCols][k % kCols] = (r >= 0 && r < side && c >= 0 && c < side) ? in[r * side + c] : 0.0f;
  }
  __syncthreads();
  if (col >= side) return;
  const int x = threadIdx.x + 1;
#pragma unroll
  for (int j = 0; j < ROWS; ++j) {
    const int y = threadIdx.y + j * TILE_Y + 1;
    const long long row = tile_row + y - 1;
    if (row >= side) return;
    out[row * side + col] = autobench_stencil(tile[y][x], tile[y - 1][x], tile[y + 1][x], tile[y][x - 1], tile[y][x + 1]);
  }
#else
  if (col >= side) return;
  const long long row0 = tile_row + static_cast<long long>(threadIdx.y) * ROWS;
  if (row0 >= side) return;
  const bool has_west = col > 0, has_east = col + 1 < side;
  float north = row0 > 0 ? in[(row0 - 1) * side + col] : 0.0f;
  float centre = in[row0 * side + col];
#pragma unroll
  for (int j = 0; j < ROWS; ++j) {
    const long long row = row0 + j;
    if (row >= side) return;
    const long long i = row * side + col;
    const float south = row + 1 < side ? in[i + side] : 0.0f;
    const float west = has_west ? in[i - 1] : 0.0f;
    const float east = has_east ? in[i + 1] : 0.0f;
    out[i] = autobench_stencil(centre, north, south, west, east);
    north = centre;
    centre = south;
  }
#endif
}
