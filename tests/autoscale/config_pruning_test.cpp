// Dropping tuning configurations: far slower than the fastest and not catching up (histogram's global
// atomics) is dropped; slow but catching up (GEMM's big tiles at small sizes) stays; ratio 0 drops none.
#include <gtest/gtest.h>

#include <stdexcept>

#include "suite/autoscale/config_pruning.hpp"

using autobench::autoscale::ConfigPruning;

TEST(ConfigPruning, FarSlowerAtTwoSizesAndNotCatchingUpIsDropped) {
  ConfigPruning p(8.0);
  p.record({"fast", "atomics", "mild"}, {1.0, 20.0, 3.0});
  EXPECT_FALSE(p.dropped("atomics")) << "one size is not enough to judge";
  p.record({"fast", "atomics", "mild"}, {2.0, 50.0, 6.0});  // 25x, more than the 20x before
  EXPECT_TRUE(p.dropped("atomics"));
  EXPECT_FALSE(p.dropped("mild"));
  EXPECT_FALSE(p.dropped("fast"));
  EXPECT_EQ(p.dropped_count(), 1u);
}

TEST(ConfigPruning, SlowButCatchingUpStays) {
  ConfigPruning p(8.0);
  p.record({"small-tiles", "big-tiles"}, {1.0, 40.0});
  for (double big : {30.0, 20.0, 12.0, 9.0}) p.record({"small-tiles", "big-tiles"}, {1.0, big});
  EXPECT_FALSE(p.dropped("big-tiles")) << "it got closer at every size";
  p.record({"small-tiles", "big-tiles"}, {1.0, 9.5});  // no longer catching up, and above 8x
  EXPECT_TRUE(p.dropped("big-tiles"));
}

TEST(ConfigPruning, AtOrBelowTheRatioStays) {
  ConfigPruning p(8.0);
  for (int i = 0; i < 5; ++i) p.record({"a", "b"}, {1.0, 8.0});
  EXPECT_FALSE(p.dropped("b"));
}

TEST(ConfigPruning, RatioZeroDropsNothing) {
  ConfigPruning p(0.0);
  for (int i = 0; i < 5; ++i) p.record({"a", "b"}, {1.0, 1000.0 * (i + 1)});
  EXPECT_EQ(p.dropped_count(), 0u);
}

TEST(ConfigPruning, MismatchedOrEmptyInputIsRejected) {
  ConfigPruning p(8.0);
  EXPECT_THROW(p.record({"a"}, {1.0, 2.0}), std::invalid_argument);
  EXPECT_THROW(p.record({}, {}), std::invalid_argument);
}
