// The ranks' time splits as text: report's table (one row per rank, all, share) and the line per rank
// at the end of a run, both with other = wall minus the phases.
#include <gtest/gtest.h>

#include <algorithm>

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
            "rank   cores    gpu  init  verify  detect  bootstrap  power  compile  gather  write  other   total\n"
            "-----  -----  -----  ----  ------  ------  ---------  -----  -------  ------  -----  -----  ------\n"
            "0          2   6.00  0.00    1.00    0.00       0.00   0.00     0.00    0.25   0.00   2.75   10.00\n"
            "1          2   5.00  0.00    3.00    0.00       0.00   0.00     0.00    0.25   0.00   1.75   10.00\n"
            "all        4  11.00  0.00    4.00    0.00       0.00   0.00     0.00    0.50   0.00   4.50   20.00\n"
            "share         55.0%  0.0%   20.0%    0.0%       0.0%   0.0%     0.0%    2.5%   0.0%  22.5%  100.0%\n");
  EXPECT_EQ(rank_time_split_table({}), "");
}

// Whole seconds once the ranks' summed time reaches 1000 s: 1024 ranks of 9999 s (all: 10^7 s) fit.
TEST(RankTimeSplit, ALongRunOnManyRanksFitsOneHundredTwentyColumns) {
  std::vector<results::RankTimeSplit> splits;
  for (std::int64_t rank = 0; rank < 1024; ++rank) {
    auto s = split(rank, 9999.0, 6000.0, 1000.0);
    s.cores = 128;
    s.input_init_s = s.detection_s = s.bootstrap_s = s.power_s = s.compilation_s = s.write_s = 100.0;
    splits.push_back(s);
  }
  const std::string table = rank_time_split_table(splits);
  std::size_t widest = 0;
  for (std::size_t at = 0, end = 0; at < table.size(); at = end + 1) {
    end = table.find('\n', at);
    widest = std::max(widest, end - at);
  }
  EXPECT_LE(widest, 120u) << table.substr(0, 2000);
  EXPECT_NE(table.find("\n0         128     6000     100"), std::string::npos) << table.substr(0, 400);
  EXPECT_NE(table.find("\nall    131072  6144000  102400"), std::string::npos) << table.substr(table.size() - 400);
}

TEST(RankTimeSplit, LineNamesEveryPhaseAndOther) {
  EXPECT_EQ(rank_time_split_line(split(3, 10.0, 6.0, 1.0)),
            "rank 3 time split: wall 10.00 s, cores 2; gpu_timing 6.00, input_init 0.00, verification 1.00, "
            "detection 0.00, bootstrap 0.00, power 0.00, compilation 0.00, gather 0.25, write 0.00, other 2.75");
}

}  // namespace
}  // namespace autobench::formatting
