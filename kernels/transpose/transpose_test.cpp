// transpose's definition: tuning space, geometry and reference.
#include <gtest/gtest.h>

#include "kernels/inputs.hpp"
#include "kernels/kernel.hpp"
#include "kernels/tuning.hpp"

using namespace autobench::kernels;

TEST(Transpose, SpaceGeometryAndReference) {
  const KernelSpec& k = *find("transpose");
  EXPECT_EQ(tuning_space(k, 1024).size(), 12u);
  EXPECT_EQ(tuning_space(k, 48).size(), 6u);  // only 16-wide tiles divide 48
  const Launch l = k.launch({{"TILE", 32}, {"ROWS", 8}, {"PAD", 1}}, 1024);
  EXPECT_EQ(l.grid.x, 32u);
  EXPECT_EQ(l.grid.y, 32u);
  EXPECT_EQ(l.block.x * l.block.y, 256u);
  const Check c = k.check(tuning_space(k, 64).front(), 64);
  EXPECT_EQ(c.expected(5 * 64 + 3).value, input_value(kSeedA, 3 * 64 + 5));
  EXPECT_DOUBLE_EQ(k.work(100), 80000.0);
}
