// spmv's generated matrix and reference.
#include <gtest/gtest.h>

#include <set>

#include "kernels/inputs.hpp"
#include "kernels/kernel.hpp"
#include "kernels/spmv/spmv.cuh"
#include "kernels/tuning.hpp"

using namespace autobench::kernels;

TEST(Spmv, ColumnsAreSeededSpreadAndInRange) {
  const std::uint64_t n = 100000;
  std::set<unsigned> distinct;
  for (std::uint64_t k = 0; k < 16 * 1000; ++k) {
    const unsigned c = autobench_spmv_column(k, n);
    ASSERT_LT(c, n);
    ASSERT_EQ(c, autobench_spmv_column(k, n));
    distinct.insert(c);
  }
  EXPECT_GT(distinct.size(), 14000u) << "columns should look random, with few repeats";
}

TEST(Spmv, SpaceAndReference) {
  const KernelSpec& k = *find("spmv");
  EXPECT_EQ(k.bound, Bound::irregular);
  EXPECT_EQ(tuning_space(k, 4096).size(), 15u);
  EXPECT_EQ(k.launch({{"BLOCK_SIZE", 256}, {"THREADS_PER_ROW", 4}}, 1024).grid.x, 16u);
  const std::uint64_t n = 512;
  const Check c = k.check(tuning_space(k, n).front(), n);
  double want = 0.0;
  for (std::uint64_t j = 0; j < 16; ++j)
    want += double(input_value(kSeedA, 7 * 16 + j)) * double(input_value(kSeedB, autobench_spmv_column(7 * 16 + j, n)));
  EXPECT_DOUBLE_EQ(c.expected(7).value, want);
  EXPECT_GT(c.expected(7).tolerance, 0.0);
  EXPECT_LT(c.expected(7).tolerance, 1e-4);
}
