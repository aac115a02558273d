// stencil's definition: tuning space, geometry and the reference at the edges and inside.
#include <gtest/gtest.h>

#include "kernels/inputs.hpp"
#include "kernels/kernel.hpp"
#include "kernels/tuning.hpp"

using namespace autobench::kernels;

TEST(Stencil, SpaceGeometryAndReference) {
  const KernelSpec& k = *find("stencil");
  EXPECT_EQ(tuning_space(k, 1024).size(), 54u);
  const Launch l = k.launch({{"TILE_X", 32}, {"TILE_Y", 8}, {"ROWS", 1}, {"SHARED", 1}}, 100);
  EXPECT_EQ(l.grid.x, 4u);
  EXPECT_EQ(l.grid.y, 13u);
  const Launch marching = k.launch({{"TILE_X", 32}, {"TILE_Y", 4}, {"ROWS", 8}, {"SHARED", 0}}, 100);
  EXPECT_EQ(marching.grid.y, 4u);  // 32 rows per block
  EXPECT_EQ(marching.block.y, 4u);
  const std::uint64_t m = 64;
  const Check c = k.check(tuning_space(k, m).front(), m);
  auto in = [](std::uint64_t i) { return double(input_value(kSeedA, i)); };
  // Inside: 0.5 x + 0.125 (4 neighbours); corner (0, 0): only south and east exist.
  const std::uint64_t i = 10 * m + 7;
  EXPECT_NEAR(c.expected(i).value, 0.5 * in(i) + 0.125 * (in(i - m) + in(i + m) + in(i - 1) + in(i + 1)), 1e-6);
  EXPECT_NEAR(c.expected(0).value, 0.5 * in(0) + 0.125 * (in(m) + in(1)), 1e-6);
}
