// The deterministic input values that every kernel's buffers are filled with.
#include <gtest/gtest.h>

#include <cmath>

#include "kernels/inputs.hpp"

using namespace autobench::kernels;

TEST(Inputs, DeterministicExactAndSpread) {
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
