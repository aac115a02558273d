// histogram's input data and reference: every chunk of 256 elements holds every bin once.
#include <gtest/gtest.h>

#include <set>
#include <vector>

#include "kernels/histogram/histogram.cuh"
#include "kernels/kernel.hpp"
#include "kernels/tuning.hpp"

using namespace autobench::kernels;

TEST(Histogram, DataAndReference) {
  const KernelSpec& k = *find("histogram");
  EXPECT_EQ(k.bound, Bound::contention);
  EXPECT_EQ(tuning_space(k, 1 << 20).size(), 24u);
  for (std::uint64_t chunk : {0u, 1u, 999u}) {
    std::set<unsigned> bins;
    for (std::uint64_t i = chunk * 256; i < chunk * 256 + 256; ++i) bins.insert(autobench_histogram_bin(i));
    EXPECT_EQ(bins.size(), 256u);
    EXPECT_EQ(*bins.rbegin(), 255u);
  }
  EXPECT_NE(autobench_histogram_bin(0), autobench_histogram_bin(256)) << "chunks are scrambled differently";
  // The reference equals a plain count at a size with a partial chunk.
  const std::uint64_t n = 5 * 256 + 77;
  std::vector<double> counted(256, 0.0);
  for (std::uint64_t i = 0; i < n; ++i) counted[autobench_histogram_bin(i)] += 1;
  const Check c = k.check(tuning_space(k, n).front(), n);
  for (std::uint64_t b = 0; b < 256; ++b) EXPECT_EQ(c.expected(b).value, counted[b]) << b;
  EXPECT_TRUE(k.buffers(n)[c.buffer].accumulated);
}
