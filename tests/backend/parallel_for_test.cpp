// parallel_for: every index exactly once, whatever the grain, and the first exception rethrown.
#include <gtest/gtest.h>

#include <atomic>
#include <stdexcept>
#include <vector>

#include "suite/backend/parallel_for.hpp"

using autobench::backend::parallel_for;

TEST(ParallelFor, VisitsEveryIndexOnce) {
  for (std::size_t grain : {1u, 7u, 4096u}) {
    for (std::size_t count : {0u, 1u, 1000u, 100003u}) {
      std::vector<std::atomic<int>> seen(count);
      parallel_for(count, grain, [&](std::size_t i) { ++seen[i]; });
      for (std::size_t i = 0; i < count; ++i) ASSERT_EQ(seen[i].load(), 1) << "count " << count << " grain " << grain;
    }
  }
}

TEST(ParallelFor, RethrowsAfterEveryThreadIsDone) {
  std::atomic<int> done{0};
  EXPECT_THROW(parallel_for(10000, 10,
                            [&](std::size_t i) {
                              if (i == 5000) throw std::runtime_error("index 5000");
                              ++done;
                            }),
               std::runtime_error);
  EXPECT_GE(done.load(), 9000);  // only the throwing chunk stops early: its other indices are skipped
}
