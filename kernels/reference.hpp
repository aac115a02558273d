// CPU references of the kernels' results, element by element, computed from the same deterministic
// inputs the device fills its buffers with (kernels/cuda/common.cuh), so no input copy is needed.
#pragma once

#include <cstdint>

namespace autobench::kernels {

// The buffer seeds: every kernel's inputs are filled with autobench_input_value(seed, index).
enum InputSeed : unsigned int { kSeedA = 1, kSeedB = 2, kSeedY = 3 };

float input_value(unsigned int seed, std::uint64_t index);

// vecadd: c[i] = a[i] + b[i] with a, b seeded kSeedA, kSeedB.
float vecadd_expected(std::uint64_t i);

// gemm: element (i, j) of C = A * B with A (m x k, column-major, seed kSeedA) and B (k x m, row-major,
// seed kSeedB), see kernels/cuda/gemm.cu. `magnitude` receives sum_k |a_ik * b_kj|, which bounds the
// float32 rounding error: |computed - exact| <= k * 2^-24 * magnitude (to first order).
double gemm_expected(std::uint64_t m, std::uint64_t k, std::uint64_t i, std::uint64_t j, double* magnitude);

// fp32: thread i's output after one launch on its input x0 = input_value(kSeedY, i), emulating the
// kernel's float operations in the same order (fused multiply-adds included), so it is exact.
float fp32_expected(float x0, std::int64_t nr_inner, std::int64_t nr_outer);

}  // namespace autobench::kernels
