// The ranks' time splits as text: report's table (one row per rank, all, share) and the line per rank
// at the end of a run, both with other = wall minus the phases.
#include <gtest/gtest.h>

#include "suite/formatting/rank_time_split.hpp"

namespace autobench::formatting {
namespace {

results::RankTimeSplit split(std::int64_t rank, double wall, double timing, double verification) {
  results::RankTimeSplit s;
  s.rank = rank;
  s.cores = 2;
  s.wall_s = wall;
  s.gpu_timing_s = timing;
  s.verification_s = verification;
  s.gather_s = 0.25;
  return s;
}

TEST(RankTimeSplit, TableHasARowPerRankThenAllAndShares) {
  EXPECT_EQ(rank_time_split_table({split(0, 10.0, 6.0, 1.0), split(1, 10.0, 5.0, 3.0)}),
            "rank   cores  gpu_timing_s  input_init_s  verification_s  detection_s  bootstrap_s  power_s  compilation_s  "
            "gather_s  write_s  other_s  total_s\n"
            "-----  -----  ------------  ------------  --------------  -----------  -----------  -------  -------------  "
            "--------  -------  -------  -------\n"
            "0          2         6.000         0.000           1.000        0.000        0.000    0.000          0.000  "
            "   0.250    0.000    2.750   10.000\n"
            "1          2         5.000         0.000           3.000        0.000        0.000    0.000          0.000  "
            "   0.250    0.000    1.750   10.000\n"
            "all        4        11.000         0.000           4.000        0.000        0.000    0.000          0.000  "
            "   0.500    0.000    4.500   20.000\n"
            "share                55.0%          0.0%           20.0%         0.0%         0.0%     0.0%           0.0%  "
            "    2.5%     0.0%    22.5%   100.0%\n");
  EXPECT_EQ(rank_time_split_table({}), "");
}

TEST(RankTimeSplit, LineNamesEveryPhaseAndOther) {
  EXPECT_EQ(rank_time_split_line(split(3, 10.0, 6.0, 1.0)),
            "rank 3 time split: wall 10.00 s, cores 2; gpu_timing 6.00, input_init 0.00, verification 1.00, "
            "detection 0.00, bootstrap 0.00, power 0.00, compilation 0.00, gather 0.25, write 0.00, other 2.75");
}

}  // namespace
}  // namespace autobench::formatting
