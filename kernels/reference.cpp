// CPU references for verification.
#include "kernels/reference.hpp"

#include <cmath>
#include <vector>

#include "kernels/cuda/common.cuh"
#include "kernels/shapes.hpp"

namespace autobench::kernels {

float input_value(unsigned int seed, std::uint64_t index) { return autobench_input_value(seed, index); }

float vecadd_expected(std::uint64_t i) { return input_value(kSeedA, i) + input_value(kSeedB, i); }

double gemm_expected(std::uint64_t m, std::uint64_t k, std::uint64_t i, std::uint64_t j, double* magnitude) {
  double sum = 0.0, mag = 0.0;
  for (std::uint64_t kk = 0; kk < k; ++kk) {
    const double p = static_cast<double>(input_value(kSeedA, kk * m + i)) * static_cast<double>(input_value(kSeedB, kk * m + j));
    sum += p;
    mag += std::fabs(p);
  }
  if (magnitude != nullptr) *magnitude = mag;
  return sum;
}

float fp32_expected(float x0, std::int64_t nr_inner, std::int64_t nr_outer) {
  std::vector<float> acc(static_cast<std::size_t>(nr_inner));
  for (std::int64_t j = 0; j < nr_inner; ++j) acc[static_cast<std::size_t>(j)] = x0 + static_cast<float>(j) * 0.0625f;
  for (std::int64_t o = 0; o < nr_outer; ++o)
    for (float& a : acc) a = std::fma(a, kFp32Scale, kFp32Offset);
  float sum = 0.0f;
  for (float a : acc) sum += a;
  return sum * (1.0f / static_cast<float>(nr_inner));
}

}  // namespace autobench::kernels
