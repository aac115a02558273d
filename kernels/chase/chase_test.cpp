// chase's cycle: a permutation, one cycle through every slot, and the reference of where chains end.
#include <gtest/gtest.h>

#include <vector>

#include "kernels/chase/chase.cuh"
#include "kernels/kernel.hpp"
#include "kernels/tuning.hpp"

using namespace autobench::kernels;

TEST(Chase, PermutationIsABijection) {
  for (std::uint64_t size : {1u, 2u, 5u, 1000u, 4096u, 70000u}) {
    std::vector<bool> seen(size, false);
    for (std::uint64_t k = 0; k < size; ++k) {
      const auto p = autobench_chase_permute(k, size);
      ASSERT_LT(p, size);
      ASSERT_FALSE(seen[p]) << size << ": " << p << " twice";
      seen[p] = true;
    }
  }
}

TEST(Chase, OneCycleAndChainEnds) {
  const KernelSpec& k = *find("chase");
  EXPECT_EQ(k.bound, Bound::latency);
  const std::uint64_t n = 64, size = n * 256;
  // Build the array as chase_init does, then follow it.
  std::vector<std::uint64_t> next(size);
  for (std::uint64_t i = 0; i < size; ++i) next[autobench_chase_permute(i, size)] = autobench_chase_next(i, size);
  std::uint64_t slot = autobench_chase_permute(0, size), steps = 0;
  do {
    slot = next[slot];
    ++steps;
  } while (slot != autobench_chase_permute(0, size));
  EXPECT_EQ(steps, size) << "one cycle through every slot";
  const Check c = k.check(tuning_space(k, n).front(), n);
  for (std::uint64_t t : {0u, 17u, 63u}) {
    slot = autobench_chase_permute(t * 256, size);
    for (int s = 0; s < 256; ++s) slot = next[slot];
    EXPECT_EQ(c.expected(t).value, static_cast<double>(static_cast<std::uint32_t>(slot))) << t;
  }
  EXPECT_EQ(k.buffers(n)[0].words, 2 * size);
}
