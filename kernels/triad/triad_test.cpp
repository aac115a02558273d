// triad's definition: tuning space, launch geometry, work and reference.
#include <gtest/gtest.h>

#include <cmath>

#include "kernels/inputs.hpp"
#include "kernels/kernel.hpp"
#include "kernels/tuning.hpp"

using namespace autobench::kernels;

TEST(Triad, SpaceGeometryWorkAndReference) {
  const KernelSpec& k = *find("triad");
  EXPECT_EQ(k.bound, Bound::bandwidth);
  const auto space = tuning_space(k, 1 << 20);
  EXPECT_EQ(space.size(), 36u);
  // 2^20 floats as float4, 2 per thread, 256 threads per block: 512 blocks.
  const Launch l = k.launch({{"BLOCK_SIZE", 256}, {"VEC", 4}, {"ELEMS_PER_THREAD", 2}}, 1 << 20);
  EXPECT_EQ(l.grid.x, 512u);
  EXPECT_EQ(l.block.x, 256u);
  EXPECT_DOUBLE_EQ(k.work(1000), 12000.0);
  const Check c = k.check(space.front(), 1 << 20);
  EXPECT_EQ(k.buffers(1 << 20)[c.buffer].name, "a");
  EXPECT_EQ(c.expected(99).value, std::fma(3.0f, input_value(kSeedB, 99), input_value(kSeedA, 99)));
}
