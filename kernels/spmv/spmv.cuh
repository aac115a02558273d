// spmv's generated sparse matrix, shared by its CUDA source and its CPU reference.
#pragma once

#include "kernels/cuda/common.cuh"

// Non-zeros per row (fixed), so row r's entries are [r * NNZ, (r + 1) * NNZ) of the CSR arrays.
#define AUTOBENCH_SPMV_NNZ 16

// The column of entry k (row k / NNZ) of an n x n matrix: uniformly random, seeded, repeats allowed.
AUTOBENCH_HOST_DEVICE inline unsigned int autobench_spmv_column(unsigned long long k, unsigned long long n) {
  const float u = autobench_input_value(11u, k);  // [-1, 1) on a 2^-23 grid
  const unsigned long long r = static_cast<unsigned long long>((u + 1.0f) * 8388608.0f);  // [0, 2^24)
  const unsigned long long mixed = (r << 24) ^ static_cast<unsigned long long>((autobench_input_value(12u, k) + 1.0f) * 8388608.0f);
  return static_cast<unsigned int>(mixed % n);
}
