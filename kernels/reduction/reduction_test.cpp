// reduction's definition: tuning space, segments, and a reference that catches one missing term.
#include <gtest/gtest.h>

#include <cmath>

#include "kernels/inputs.hpp"
#include "kernels/kernel.hpp"
#include "kernels/tuning.hpp"

using namespace autobench::kernels;

TEST(Reduction, SpaceSegmentsAndReference) {
  const KernelSpec& k = *find("reduction");
  EXPECT_EQ(k.bound, Bound::bandwidth_sync);
  EXPECT_EQ(tuning_space(k, 1 << 20).size(), 16u);
  const std::uint64_t n = 3 * 8192 + 512;  // three full segments and a short one
  EXPECT_EQ(k.buffers(n)[1].words, 4u);
  EXPECT_EQ(k.launch(tuning_space(k, n).front(), n).grid.x, 4u);
  const Check c = k.check(tuning_space(k, n).front(), n);
  double last = 0.0;
  for (std::uint64_t i = 3 * 8192; i < n; ++i) last += input_value(kSeedA, i);
  EXPECT_NEAR(c.expected(3).value, last, 1e-9);
  // Leaving out any one term of a full segment exceeds the tolerance for all but the tiniest terms.
  const Expected full = c.expected(1);
  int caught = 0;
  for (std::uint64_t i = 8192; i < 8192 + 1000; ++i)
    caught += std::fabs((full.value - input_value(kSeedA, i)) - full.value) > full.tolerance;
  EXPECT_GT(caught, 900);
}
