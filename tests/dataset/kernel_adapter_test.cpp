// The dataset's kernel adapter against the kernels' own definitions: argument buffers add up to the
// kernel's footprint, bytes/flops agree with its metric, launch shapes sample every kernel in all three
// regimes, and the source it quotes is the kernel's CUDA source.
#include <gtest/gtest.h>

#include <cstdlib>

#include "kernels/kernel.hpp"
#include "suite/dataset/kernel_adapter.hpp"
#include "suite/dataset/launch_sampler.hpp"

namespace ds = autobench::dataset;

TEST(KernelAdapter, EveryKernelIsDescribedConsistently) {
  const autobench::backend::Occupancy h100 = autobench::backend::occupancy_for(132, 9, 0);
  for (const auto& spec : autobench::kernels::all()) {
    SCOPED_TRACE(spec.name);
    const auto k = ds::dataset_kernel(spec);
    ASSERT_TRUE(k.has_value());
    const std::uint64_t n = spec.round_size(1 << 16);
    const auto shape = k->shape(ds::max_size_for_bytes(spec, 4e9));
    ASSERT_FALSE(shape.configs.empty());
    double elements = 0;
    for (const auto& a : k->arguments(n, shape.configs.front())) {
      EXPECT_TRUE(a.qualifier == "global" || a.qualifier == "value") << a.name;
      if (a.qualifier == "global") elements += std::strtod(a.size_or_value.c_str() + 5, nullptr);  // "size="
    }
    EXPECT_DOUBLE_EQ(elements, spec.elements(n));  // the buffers are the kernel's footprint
    const double metric = spec.bound == autobench::kernels::Bound::compute ? k->flops(n) : k->bytes(n);  // GB/s or GFLOP/s
    EXPECT_DOUBLE_EQ(metric, spec.work(n));
    EXPECT_NE(k->source().find("__global__"), std::string::npos);
    EXPECT_LE(4.0 * spec.elements(shape.max_size), 4e9);

    ds::SamplerSettings s;
    s.per_kernel = 50;
    const auto sample = ds::sample_kernel(shape, h100, s);
    EXPECT_EQ(sample.configs.size(), 50u);
    for (int r = 0; r < ds::kRegimes; ++r) EXPECT_EQ(sample.achieved[r], sample.quota[r]) << ds::kRegimeNames.name(static_cast<ds::Regime>(r));
    for (const auto& c : sample.configs) {
      EXPECT_EQ(c.size % spec.granularity, 0u);
      EXPECT_TRUE(!shape.fits || shape.fits(c.size, c.tunables));
    }
  }
}
