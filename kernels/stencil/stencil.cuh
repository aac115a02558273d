// stencil's update rule, shared by its CUDA source and its CPU reference so both round alike.
#pragma once

#include "kernels/cuda/host_device.cuh"

// out = 0.5 * centre + 0.125 * ((north + south) + (west + east)); both products are exact (powers of
// two), so a fused or unfused final add rounds the same, and the sums are in this order everywhere.
AUTOBENCH_HOST_DEVICE inline float autobench_stencil(float centre, float north, float south, float west, float east) {
  const float around = (north + south) + (west + east);
  return 0.5f * centre + 0.125f * around;
}
