// The time budget's decisions and the parsing of SLURM's time-left strings.
#include <gtest/gtest.h>

#include <cmath>

#include "suite/control/time_budget.hpp"

namespace ctl = autobench::control;

TEST(SlurmDuration, EveryFormatSqueuePrints) {
  EXPECT_DOUBLE_EQ(ctl::parse_slurm_duration("14:32"), 14 * 60 + 32);
  EXPECT_DOUBLE_EQ(ctl::parse_slurm_duration("1:02:03"), 3723);
  EXPECT_DOUBLE_EQ(ctl::parse_slurm_duration("2-03:04:05"), 2 * 86400 + 3 * 3600 + 4 * 60 + 5);
  EXPECT_DOUBLE_EQ(ctl::parse_slurm_duration("1-12"), 86400 + 12 * 3600);
  EXPECT_DOUBLE_EQ(ctl::parse_slurm_duration("15"), 15 * 60);
  EXPECT_TRUE(std::isinf(ctl::parse_slurm_duration("UNLIMITED")));
  EXPECT_THROW(ctl::parse_slurm_duration("soon"), std::invalid_argument);
  EXPECT_THROW(ctl::parse_slurm_duration("1:2:3:4"), std::invalid_argument);
  EXPECT_THROW(ctl::parse_slurm_duration(""), std::invalid_argument);
}

TEST(TimeBudget, StartsOnlySweepsExpectedToFinish) {
  ctl::TimeBudget b(100.0);
  EXPECT_TRUE(b.may_start("gemm", 99.0)) << "nothing measured yet: no estimate, start";
  b.record("gemm", 30.0);
  b.record("gemm", 20.0);  // the longest sweep of a kernel is its estimate
  EXPECT_TRUE(b.may_start("gemm", 70.0));
  EXPECT_FALSE(b.may_start("gemm", 70.5));
  EXPECT_FALSE(b.may_start("vecadd", 71.0)) << "unknown kernel: the longest of any kernel";
  b.record("vecadd", 5.0);
  EXPECT_TRUE(b.may_start("vecadd", 95.0));
  EXPECT_TRUE(ctl::TimeBudget(INFINITY).may_start("gemm", 1e9));
}
