// fp32's definition: tuning space, work and the exact CPU emulation of its FMA chains.
#include <gtest/gtest.h>

#include <cmath>

#include "kernels/fp32/fp32.hpp"
#include "kernels/inputs.hpp"
#include "kernels/kernel.hpp"
#include "kernels/tuning.hpp"

using namespace autobench::kernels;

TEST(Fp32, SpaceAndWork) {
  const KernelSpec& k = *find("fp32");
  const auto space = tuning_space(k, 1 << 20);
  EXPECT_EQ(space.size(), 20u);
  for (const auto& t : space) EXPECT_EQ(t.at("NR_INNER") * t.at("NR_OUTER"), fp32::kFmasPerThread) << to_string(t);
  // 2 flop per FMA, kFmasPerThread FMAs per thread, one thread per element.
  EXPECT_DOUBLE_EQ(k.work(1000), 2.0 * fp32::kFmasPerThread * 1000);
}

TEST(Fp32, ReferenceFollowsTheContraction) {
  // Each chain is y <- y * s + o, so after L steps y = p + s^L (y0 - p) with p = o / (1 - s) = 0.5.
  const float x0 = input_value(kSeedY, 42);
  for (std::int64_t inner : {4, 8, 64}) {
    const std::int64_t outer = fp32::kFmasPerThread / inner;
    double mean = 0.0;
    for (std::int64_t j = 0; j < inner; ++j) {
      const double y0 = double(x0 + float(j) * 0.0625f);
      mean += 0.5 + std::pow(double(fp32::kScale), double(outer)) * (y0 - 0.5);
    }
    mean /= double(inner);
    EXPECT_NEAR(fp32::expected(x0, inner, outer), mean, 1e-4) << inner;
  }
  // One FMA more or less per chain is visible.
  EXPECT_NE(fp32::expected(x0, 8, 512), fp32::expected(x0, 8, 511));
  const Check c = find("fp32")->check({{"BLOCK_SIZE", 256}, {"NR_INNER", 8}, {"NR_OUTER", 512}}, 4096);
  EXPECT_EQ(c.expected(42).value, fp32::expected(x0, 8, 512));
}
