// The CPU references the cuda backend verifies against, and the shared input values.
#include <gtest/gtest.h>

#include <cmath>

#include "kernels/reference.hpp"
#include "kernels/shapes.hpp"

using namespace autobench::kernels;

TEST(Reference, InputValuesAreDeterministicExactAndSpread) {
  double sum = 0.0;
  float lo = 2.0f, hi = -2.0f;
  for (std::uint64_t i = 0; i < 100000; ++i) {
    const float v = input_value(kSeedA, i);
    ASSERT_EQ(v, input_value(kSeedA, i));
    ASSERT_GE(v, -1.0f);
    ASSERT_LT(v, 1.0f);
    ASSERT_EQ(std::ldexp(v + 1.0f, 23), std::floor(std::ldexp(v + 1.0f, 23))) << "not on the 2^-23 grid";
    lo = std::min(lo, v);
    hi = std::max(hi, v);
    sum += v;
  }
  EXPECT_LT(lo, -0.99f);
  EXPECT_GT(hi, 0.99f);
  EXPECT_NEAR(sum / 100000.0, 0.0, 0.02);
  EXPECT_NE(input_value(kSeedA, 7), input_value(kSeedB, 7));
}

TEST(Reference, VecaddAddsTheInputs) {
  EXPECT_EQ(vecadd_expected(12345), input_value(kSeedA, 12345) + input_value(kSeedB, 12345));
}

TEST(Reference, GemmIsTheColumnMajorProduct) {
  const std::uint64_t m = 16, k = 8;
  double magnitude = 0.0;
  const double c = gemm_expected(m, k, 3, 5, &magnitude);
  double want = 0.0, mag = 0.0;
  for (std::uint64_t kk = 0; kk < k; ++kk) {
    const double p = double(input_value(kSeedA, kk * m + 3)) * double(input_value(kSeedB, kk * m + 5));
    want += p;
    mag += std::fabs(p);
  }
  EXPECT_DOUBLE_EQ(c, want);
  EXPECT_DOUBLE_EQ(magnitude, mag);
}

TEST(Reference, Fp32FollowsTheContraction) {
  // Each chain is y <- y * s + o, so after L steps y = p + s^L (y0 - p) with p = o / (1 - s) = 0.5.
  const float x0 = input_value(kSeedY, 42);
  for (std::int64_t inner : {4, 8, 64}) {
    const std::int64_t outer = kFp32FmasPerThread / inner;
    double mean = 0.0;
    for (std::int64_t j = 0; j < inner; ++j) {
      const double y0 = double(x0 + float(j) * 0.0625f);
      mean += 0.5 + std::pow(double(kFp32Scale), double(outer)) * (y0 - 0.5);
    }
    mean /= double(inner);
    EXPECT_NEAR(fp32_expected(x0, inner, outer), mean, 1e-4) << inner;
  }
  // One FMA more or less per chain is visible.
  EXPECT_NE(fp32_expected(x0, 8, 512), fp32_expected(x0, 8, 511));
}
