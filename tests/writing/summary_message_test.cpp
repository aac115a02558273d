// A rank's summary message: rank 0 gets back exactly the summary the rank made (its device, campaigns
// without points, GPU-health evidence, consensus rows); the message does not grow with the points of a
// sweep; a damaged message is refused.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <type_traits>

#include "suite/result_file/run_file.hpp"
#include "suite/writing/summary_message.hpp"
#include "tests/results/sample_results.hpp"
#include "tests/support/scratch.hpp"

namespace autobench::writing {
namespace {

// The summary of sample rank 0 with `points` points per campaign (its part written in `dir`).
result_file::RankSummary summary_with(int points, const std::string& dir) {
  auto rank = testing::sample_ranks().front();
  for (auto& c : rank.campaigns) {
    const auto first = c.points.front();
    c.points.clear();
    for (int i = 0; i < points; ++i) c.points.push_back(testing::sample_point(1024ULL + 64ULL * i, 1e-5 * (i + 1), false));
    c.points.front().launch_times_s = first.launch_times_s;
  }
  return result_file::write_rank_part(dir, testing::sample_run_info(), "{}", rank);
}

TEST(SummaryMessage, RoundTripsEveryField) {
  testing::ScratchDir scratch;
  const auto s = summary_with(7, scratch.path("run"));
  ASSERT_EQ(s.part_status, "written");
  const auto back = unpack_summary(pack_summary(s));
  testing::expect_same(s.rank, back.rank);
  ASSERT_EQ(back.campaigns.size(), s.campaigns.size());
  for (std::size_t i = 0; i < s.campaigns.size(); ++i) {
    record::for_each_field(results::kCampaignSummaryFields, [&](const auto& f) {
      using T = std::remove_cvref_t<decltype(s.campaigns[i].*f.member)>;
      if constexpr (std::is_same_v<T, double>)
        EXPECT_TRUE(testing::same_double(s.campaigns[i].*f.member, back.campaigns[i].*f.member)) << f.name;
      else
        EXPECT_EQ(s.campaigns[i].*f.member, back.campaigns[i].*f.member) << f.name;
    });
  }
  EXPECT_EQ(back.health.errors, s.health.errors);
  EXPECT_EQ(back.health.points, s.health.points);
  ASSERT_EQ(back.health.sweeps.size(), s.health.sweeps.size());
  EXPECT_TRUE(testing::same_double(back.health.sweeps[0].plateau, s.health.sweeps[0].plateau));
  ASSERT_EQ(back.consensus.size(), s.consensus.size());
  ASSERT_FALSE(s.consensus.empty());
  EXPECT_EQ(back.consensus[0].kernel, s.consensus[0].kernel);
  EXPECT_EQ(back.consensus[0].regime, s.consensus[0].regime);
  EXPECT_EQ(back.part_status, "written");
  EXPECT_NE(s.campaigns.front().sweep.find("/sweeps/rank0/"), std::string::npos);
}

TEST(SummaryMessage, DoesNotGrowWithThePointsOfASweep) {
  testing::ScratchDir scratch;
  const auto few = pack_summary(summary_with(10, scratch.path("few"))).size();
  const auto many = pack_summary(summary_with(1000, scratch.path("many"))).size();
  EXPECT_LT(many, few + few / 10) << few << " B with 10 points per sweep, " << many << " B with 1000";
  EXPECT_LT(many, 2000u) << "8 campaigns";
}

TEST(SummaryMessage, ADamagedMessageIsRefused) {
  testing::ScratchDir scratch;
  const std::string message = pack_summary(summary_with(7, scratch.path("run")));
  EXPECT_THROW(unpack_summary(message.substr(0, message.size() / 2)), std::runtime_error) << "cut short";
  EXPECT_THROW(unpack_summary("abc"), std::runtime_error);
  std::string claims = message;
  claims[7] = '\x7f';  // claims 2^62 bytes
  EXPECT_THROW(unpack_summary(claims), std::runtime_error);
}

}  // namespace
}  // namespace autobench::writing
