// Progress lines: campaigns done of all, elapsed, the time left estimated per rank and over the ranks.
#include "suite/formatting/progress_text.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace autobench::formatting {
namespace {

TEST(ProgressText, DurationsAndSizesReadAsPeopleWriteThem) {
  EXPECT_EQ(duration_text(0.25), "250 ms");
  EXPECT_EQ(duration_text(42.04), "42.0 s");
  EXPECT_EQ(duration_text(185), "3m05s");
  EXPECT_EQ(duration_text(3720), "1h02m");
  EXPECT_EQ(duration_text(std::nan("")), "?");
  EXPECT_EQ(size_text(512), "512 B");
  EXPECT_EQ(size_text(3482), "3.4 KiB");
  EXPECT_EQ(size_text(5u << 20), "5.0 MiB");
  EXPECT_EQ(size_text(3ULL << 30), "3.0 GiB");
}

TEST(ProgressText, TimeLeftFollowsTheRateOfTheCampaignsDoneNow) {
  EXPECT_DOUBLE_EQ(seconds_left(4, 0, 40, 20.0), 180.0);  // 5 s each, 36 to go
  EXPECT_DOUBLE_EQ(seconds_left(14, 10, 40, 20.0), 130.0);  // resumed: 10 were done before, 4 took 20 s
  EXPECT_TRUE(std::isnan(seconds_left(10, 10, 40, 20.0)));  // nothing new yet: no rate
  EXPECT_DOUBLE_EQ(seconds_left(40, 0, 40, 200.0), 0.0);
}

TEST(ProgressText, ARankLineSaysDoneOfAllElapsedAndLeft) {
  RankProgress p{4, 0, 40, 20.0};
  EXPECT_EQ(p.text(), "4/40 campaigns, 20.0 s elapsed, ~3m00s left");
  p.done = 40;
  EXPECT_EQ(p.text(), "40/40 campaigns, 20.0 s elapsed");
}

TEST(ProgressText, OverallTakesTheSlowestRankAndIsThrottled) {
  OverallProgress o(2, 10, 5.0);
  EXPECT_FALSE(o.due(0.0));
  o.update(0, {2, 0, 10, 4.0}, 4.0);  // 2 s each: 16 s left at 4 s
  EXPECT_EQ(o.total(), 20u);          // rank 1 not heard from: its plan's 10
  EXPECT_FALSE(o.due(4.0));           // 5 s between lines
  EXPECT_TRUE(o.due(5.0));
  EXPECT_EQ(o.line(5.0), "overall: 2/20 campaigns, 5.0 s elapsed, ~15.0 s left (not every rank reported)");
  EXPECT_FALSE(o.due(20.0));  // nothing new since
  o.update(1, {1, 0, 10, 6.0}, 6.0);  // 6 s each: 54 s left at 6 s
  EXPECT_TRUE(o.due(10.0));
  EXPECT_EQ(o.line(10.0), "overall: 3/20 campaigns, 10.0 s elapsed, ~50.0 s left");
  o.update(0, {10, 0, 10, 20.0}, 20.0);
  o.update(1, {10, 0, 10, 21.0}, 21.0);
  EXPECT_TRUE(o.due(11.0));  // all done: due at once
  EXPECT_EQ(o.line(21.0), "overall: 20/20 campaigns, 21.0 s elapsed, all done");
  EXPECT_FALSE(o.has_news());
}

}  // namespace
}  // namespace autobench::formatting
