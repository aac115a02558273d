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
  const std::string table = rank_time_split_table({split(0, 10.0, 6.0, 1.0), split(1, 10.0, 5.0, 3.0)});
  EXPECT_EQ(table.substr(0, table.find('\n')),
            "rank  cores  gpu_timing_s  input_init_s  verification_s  detection_s  bootstrap_s  power_s  compilation_s  "
            "gather_s  write_s  other_s  total_s");
  EXPECT_NE(table.find("\n0         2         6.000         0.000           1.000"), std::string::npos) << table;
  EXPECT_NE(table.find("2.750   10.000\n"), std::string::npos) << table;   // rank 0: other, total = wall
  EXPECT_NE(table.find("\nall       4        11.000"), std::string::npos) << table;
  EXPECT_NE(table.find("\nshare            55.0%"), std::string::npos) << table;
  EXPECT_EQ(rank_time_split_table({}), "");
}

TEST(RankTimeSplit, LineNamesEveryPhaseAndOther) {
  EXPECT_EQ(rank_time_split_line(split(3, 10.0, 6.0, 1.0)),
            "rank 3 time split: wall 10.00 s, cores 2; gpu_timing 6.00, input_init 0.00, verification 1.00, "
            "detection 0.00, bootstrap 0.00, power 0.00, compilation 0.00, gather 0.25, write 0.00, other 2.75");
}

}  // namespace
}  // namespace autobench::formatting
