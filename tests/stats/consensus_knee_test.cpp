// The consensus rule on hand-made votes: the largest group of overlapping intervals, at least half of all.
#include "suite/stats/consensus_knee.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>

namespace autobench::stats {
namespace {

KneeVote found(const std::string& name, double size, double low, double high) { return {name, true, size, low, high}; }
KneeVote missed(const std::string& name) { return {name, false}; }

TEST(ConsensusKnee, TheLowerMedianOfTheAgreeingGroupAndTheSpanOfTheirIntervals) {
  // a, b, c overlap around 1000; d sits far above; e found none.
  const auto k = consensus_knee({found("a", 900, 800, 1100), found("b", 1000, 950, 1200), found("c", 1100, 1000, 1300),
                                 found("d", 5000, 4000, 6000), missed("e")});
  ASSERT_TRUE(k.found);
  EXPECT_EQ(k.voters, 5);
  EXPECT_EQ(k.agreeing, 3);
  EXPECT_DOUBLE_EQ(k.size, 1000);
  EXPECT_DOUBLE_EQ(k.low, 800);
  EXPECT_DOUBLE_EQ(k.high, 1300);
  EXPECT_EQ(k.members, (std::vector<std::string>{"a", "b", "c"}));
}

TEST(ConsensusKnee, AnEvenGroupTakesTheLowerMiddleSizeSoTheConsensusIsAMeasuredSize) {
  const auto k = consensus_knee({found("a", 1000, 900, 1200), found("b", 1200, 1100, 1300)});
  ASSERT_TRUE(k.found);
  EXPECT_DOUBLE_EQ(k.size, 1000);
}

TEST(ConsensusKnee, TouchingIntervalsAgree) {
  const auto k = consensus_knee({found("a", 1000, 900, 1100), found("b", 1200, 1100, 1300)});
  EXPECT_EQ(k.agreeing, 2);
  EXPECT_TRUE(k.found);
}

TEST(ConsensusKnee, NoneWhenFewerThanHalfAgree) {
  // One of three detectors found a knee; the other two are an edge and a miss.
  const auto k = consensus_knee({found("a", 1000, 900, 1100), missed("edge"), missed("none")});
  EXPECT_FALSE(k.found);
  EXPECT_EQ(k.agreeing, 1);
  EXPECT_TRUE(std::isnan(k.size));
  // Half is enough: one of two.
  EXPECT_TRUE(consensus_knee({found("a", 1000, 900, 1100), missed("b")}).found);
}

TEST(ConsensusKnee, NoneWhenTheVotesSplitIntoEqualGroups) {
  const auto k = consensus_knee({found("a", 1000, 900, 1100), found("b", 1050, 950, 1150), found("c", 8000, 7000, 9000),
                                 found("d", 8500, 7500, 9500)});
  EXPECT_EQ(k.agreeing, 2);
  EXPECT_FALSE(k.found);
}

TEST(ConsensusKnee, LargestGroupsThatShareVotesAreOneCluster) {
  // Issue 46, a real H100 transpose sweep: six knees at one size, one each side, touching the six only.
  std::vector<KneeVote> votes = {found("below", 6016, 5700, 6310)};
  for (const char* name : {"a", "b", "c", "d", "e", "f"}) votes.push_back(found(name, 6624, 6310, 6950));
  votes.push_back(found("above", 7296, 6950, 7650));
  const auto k = consensus_knee(votes);
  EXPECT_EQ(k.agreeing, 7);
  ASSERT_TRUE(k.found);
  EXPECT_EQ(k.size, 6624);
  EXPECT_EQ(k.members.size(), 8u);
  EXPECT_EQ(k.low, 5700);
  EXPECT_EQ(k.high, 7650);
}

TEST(ConsensusKnee, NoneWithoutAnyKnee) {
  const auto k = consensus_knee({missed("a"), missed("b")});
  EXPECT_FALSE(k.found);
  EXPECT_EQ(k.agreeing, 0);
  EXPECT_EQ(k.voters, 2);
  EXPECT_FALSE(consensus_knee({}).found);
}

TEST(ConsensusKnee, RejectsAnIntervalThatMissesItsKnee) {
  EXPECT_THROW(consensus_knee({found("a", 1000, 1100, 1200)}), std::invalid_argument);
  EXPECT_THROW(consensus_knee({found("a", 1000, results::kNaN, 1200)}), std::invalid_argument);
}

}  // namespace
}  // namespace autobench::stats
