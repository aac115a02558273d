// Timing summaries: the statistics recorded for every size.
#include <gtest/gtest.h>

#include "suite/autoscale/tuner.hpp"

namespace ab = autobench;

TEST(Summarize, MeanMedianMinStddevCountAndThroughput) {
  ab::backend::Timing t;
  t.seconds = {4e-3, 1e-3, 3e-3, 2e-3};
  t.sm_clock_mhz = 1500;
  const auto& vecadd = *ab::kernels::find("vecadd");
  const auto p = ab::autoscale::summarize(t, vecadd, 1000000);
  EXPECT_EQ(p.size, 1000000u);
  EXPECT_EQ(p.iterations, 4);
  EXPECT_DOUBLE_EQ(p.time_mean_s, 2.5e-3);
  EXPECT_DOUBLE_EQ(p.time_median_s, 2.5e-3);
  EXPECT_DOUBLE_EQ(p.time_min_s, 1e-3);
  EXPECT_NEAR(p.time_stddev_s, 1.2909944487358056e-3, 1e-15);  // sample stddev of 1,2,3,4 ms
  EXPECT_DOUBLE_EQ(p.throughput, 12e6 / 2.5e-3 * 1e-9);          // 12 bytes per element, GB/s
  EXPECT_DOUBLE_EQ(p.sm_clock_mhz, 1500);
}
