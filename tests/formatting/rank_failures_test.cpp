// The lines naming ranks that could not start or failed, shared by the end of a run, `merge` and `report`.
#include "suite/formatting/rank_failures.hpp"

#include <gtest/gtest.h>

namespace autobench::formatting {
namespace {

TEST(RankFailures, OneLinePerFailureInRankOrderWithTheHostWhenKnown) {
  std::vector<results::RankResult> ranks(4);
  for (int r = 0; r < 4; ++r) {
    ranks[r].rank = r;
    ranks[r].device.hostname = "node" + std::to_string(r);
  }
  ranks[1].error = "device lost";
  ranks[2].start_error = "cudaSetDevice failed";
  ranks[3].device.hostname.clear();
  ranks[3].start_error = "no journal: the rank never started";
  EXPECT_EQ(rank_failures(ranks), (std::vector<std::string>{"rank 1 (node1) failed: device lost",
                                                            "rank 2 (node2) could not start: cudaSetDevice failed",
                                                            "rank 3 could not start: no journal: the rank never started"}));
  EXPECT_TRUE(rank_failures({ranks[0]}).empty());
}

}  // namespace
}  // namespace autobench::formatting
