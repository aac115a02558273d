// Every registered kernel's definition is complete and consistent: the catalogue, buffers, launch
// arguments, verification target and tuning space, checked for all kernels alike.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <stdexcept>

#include "kernels/kernel.hpp"
#include "kernels/tuning.hpp"

using namespace autobench::kernels;

TEST(Registry, FindsEveryKernelByNameInOrder) {
  const auto n = names();
  ASSERT_GE(n.size(), 3u);
  EXPECT_TRUE(std::is_sorted(n.begin(), n.end()));
  for (const auto& name : n) {
    ASSERT_NE(find(name), nullptr) << name;
    EXPECT_EQ(find(name)->name, name);
  }
  EXPECT_EQ(find("no-such-kernel"), nullptr);
  EXPECT_STREQ(to_string(Bound::bandwidth_sync), "bandwidth+sync");
  EXPECT_STREQ(find("gemm")->metric_unit(), "GFLOP/s");
  EXPECT_STREQ(find("vecadd")->metric_unit(), "GB/s");
}

TEST(Registry, RegisteringTwiceOrIncompleteIsRefused) {
  KernelSpec copy = *find("vecadd");
  EXPECT_THROW(Registration{copy}, std::logic_error);
  copy.name = "vecadd-without-check";
  copy.check = nullptr;
  EXPECT_THROW(Registration{copy}, std::logic_error);
  EXPECT_EQ(find("vecadd-without-check"), nullptr);
}

TEST(Registry, EveryDefinitionIsConsistent) {
  for (const KernelSpec& k : all()) {
    SCOPED_TRACE(k.name);
    EXPECT_FALSE(k.description.empty());
    EXPECT_GE(k.granularity, 1u);
    for (std::uint64_t n : {k.round_size(k.start_size), k.round_size(k.start_size * 37)}) {
      const auto buffers = k.buffers(n);
      double words = 0;
      std::set<std::string> buffer_names;
      for (const auto& b : buffers) {
        EXPECT_GT(b.words, 0u) << b.name;
        EXPECT_FALSE(b.seed != 0 && !b.init.empty()) << b.name << " has both a seed and an init entry";
        EXPECT_FALSE(b.input() && b.accumulated) << b.name;
        buffer_names.insert(b.name);
        words += static_cast<double>(b.words);
      }
      EXPECT_EQ(buffer_names.size(), buffers.size()) << "buffer names must differ";
      EXPECT_DOUBLE_EQ(k.elements(n), words);
      EXPECT_GT(k.work(n), 0.0);
      EXPECT_GT(k.threads(n), 0.0);
      const auto space = tuning_space(k, n);
      ASSERT_FALSE(space.empty()) << "n=" << n;
      std::set<std::string> distinct;
      for (const auto& config : space) {
        distinct.insert(to_string(config));
        const Launch l = k.launch(config, n);
        EXPECT_GE(l.grid.x * l.grid.y * l.grid.z, 1u) << to_string(config);
        EXPECT_LE(l.block.x * l.block.y * l.block.z, 1024u) << to_string(config);
        for (const Arg& a : l.args)
          if (a.kind == Arg::Kind::buffer) {
            EXPECT_LT(a.bits, buffers.size()) << to_string(config);
          }
        const Check c = k.check(config, n);
        ASSERT_LT(c.buffer, buffers.size());
        EXPECT_GT(c.max_samples, 0u);
        ASSERT_TRUE(static_cast<bool>(c.expected));
      }
      EXPECT_EQ(distinct.size(), space.size()) << "configurations must differ";
    }
  }
}
