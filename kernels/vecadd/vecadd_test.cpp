// vecadd's definition: tuning space, work and reference.
#include <gtest/gtest.h>

#include "kernels/inputs.hpp"
#include "kernels/kernel.hpp"
#include "kernels/tuning.hpp"

using namespace autobench::kernels;

TEST(Vecadd, SpaceWorkAndReference) {
  const KernelSpec& k = *find("vecadd");
  const auto space = tuning_space(k, 1 << 20);
  EXPECT_EQ(space.size(), 16u);
  for (const auto& t : space) EXPECT_EQ(t.size(), 2u);
  EXPECT_DOUBLE_EQ(k.work(10), 120.0);
  EXPECT_DOUBLE_EQ(k.elements(10), 30.0);
  const Check c = k.check(space.front(), 1 << 20);
  EXPECT_EQ(c.buffer, 2u);
  EXPECT_EQ(c.expected(12345).value, input_value(kSeedA, 12345) + input_value(kSeedB, 12345));
  EXPECT_EQ(c.expected(12345).tolerance, 0.0);
}
