// Units of the per-point columns: by suffix, the metric's unit for throughput, work per joule for
// efficiency, "1" for counts and flags, none for text.
#include <gtest/gtest.h>

#include "suite/result_file/units.hpp"

namespace autobench::result_file {
namespace {

TEST(PointColumnUnit, BySuffix) {
  EXPECT_EQ(point_column_unit("time_mean_s", "GB/s"), "s");
  EXPECT_EQ(point_column_unit("power_cost_s", "GB/s"), "s");
  EXPECT_EQ(point_column_unit("power_w", "GB/s"), "W");
  EXPECT_EQ(point_column_unit("energy_corrected_j", "GB/s"), "J");
  EXPECT_EQ(point_column_unit("sm_clock_mhz", "GB/s"), "MHz");
  EXPECT_EQ(point_column_unit("temperature_c", "GB/s"), "degC");
}

TEST(PointColumnUnit, MetricAndWorkPerJoule) {
  EXPECT_EQ(point_column_unit("throughput", "GFLOP/s"), "GFLOP/s");
  EXPECT_EQ(point_column_unit("efficiency", "GB/s"), "GB/J");
  EXPECT_EQ(point_column_unit("efficiency_corrected", "GFLOP/s"), "GFLOP/J");
}

TEST(PointColumnUnit, DimensionlessAndText) {
  for (const auto* column : {"size", "iterations", "noise", "throttled", "refinement", "launch_counts", "_s"}) {
    EXPECT_EQ(point_column_unit(column, "GB/s"), "1") << column;
  }
  for (const auto* column : {"tunables", "power_reason", "tune_probes", "tune_resources", "throttle_reason"}) {
    EXPECT_EQ(point_column_unit(column, "GB/s"), "") << column;
  }
}

}  // namespace
}  // namespace autobench::result_file
