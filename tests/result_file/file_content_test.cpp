// A run's content as its file holds it: campaigns in the file's order, and the exports made from the
// content in memory equal to those made from the file read back (what `export` writes).
#include <gtest/gtest.h>

#include <string>
#include <tuple>
#include <vector>

#include "suite/formatting/report_json.hpp"
#include "suite/result_file/csv_export.hpp"
#include "suite/result_file/file_content.hpp"
#include "suite/result_file/result_reader.hpp"
#include "suite/result_file/result_writer.hpp"
#include "suite/stats/stability.hpp"
#include "tests/results/sample_results.hpp"
#include "tests/support/scratch.hpp"

namespace autobench::result_file {
namespace {

using Order = std::vector<std::tuple<std::string, std::string, int>>;  // kernel, detector, repeat

Order order_of(const results::RankResult& rank) {
  Order out;
  for (const auto& c : rank.campaigns) out.emplace_back(c.kernel, c.detector, c.repeat);
  return out;
}

// Two ranks that list their campaigns in plan order (repeat by repeat, every detector of a kernel in
// turn), not the file's; only rank 1 ran "histogram", and rank 1 lists its detectors the other way round.
std::vector<results::RankResult> plan_ordered_ranks() {
  std::vector<results::RankResult> ranks(2);
  for (int r = 0; r < 2; ++r) {
    ranks[r].rank = r;
    ranks[r].device = testing::sample_device(r);
    std::vector<const char*> kernels{"vecadd", "gemm"};
    if (r == 1) kernels.insert(kernels.begin(), "histogram");
    const std::vector<const char*> detectors =
        r == 0 ? std::vector<const char*>{"kneedle", "triangle"} : std::vector<const char*>{"triangle", "kneedle"};
    for (const char* kernel : kernels)
      for (int repeat = 0; repeat < 2; ++repeat)
        for (const char* detector : detectors)
          ranks[r].campaigns.push_back(testing::sample_campaign(r, kernel, detector, repeat, 2 + repeat + r));
  }
  return ranks;
}

TEST(FileContent, CampaignsTakeTheFilesOrder) {
  const auto content = file_content(testing::sample_run_info(), plan_ordered_ranks(), {}, "{}");
  Order both{{"vecadd", "kneedle", 0},  {"vecadd", "kneedle", 1},  {"vecadd", "triangle", 0}, {"vecadd", "triangle", 1},
             {"gemm", "kneedle", 0},    {"gemm", "kneedle", 1},    {"gemm", "triangle", 0},   {"gemm", "triangle", 1}};
  EXPECT_EQ(order_of(content.ranks[0]), both);
  // Kernels and detectors as they first appear over the ranks in rank order: histogram (rank 1 only) last,
  // kneedle before triangle although rank 1 ran triangle first.
  both.insert(both.end(), {{"histogram", "triangle", 0},
                           {"histogram", "triangle", 1},
                           {"histogram", "kneedle", 0},
                           {"histogram", "kneedle", 1}});
  EXPECT_EQ(order_of(content.ranks[1]), both);
}

TEST(FileContent, ReadsBackAsItIsSoItsExportsAreTheFilesExports) {
  testing::ScratchDir scratch;
  const auto path = scratch.path("autobench.h5");
  const auto ranks = plan_ordered_ranks();
  const auto content =
      file_content(testing::sample_run_info(), ranks, stats::stability_of_complete(ranks), R"({"suite":"quick"})");
  ASSERT_FALSE(content.stability.empty());
  ASSERT_FALSE(content.consensus.empty());
  write_results(path, content);
  const auto file = read_results(path);
  ASSERT_EQ(file.ranks.size(), content.ranks.size());
  for (std::size_t r = 0; r < file.ranks.size(); ++r) {
    EXPECT_EQ(order_of(file.ranks[r]), order_of(content.ranks[r])) << "rank " << r;
    for (std::size_t i = 0; i < file.ranks[r].campaigns.size(); ++i)
      EXPECT_EQ(campaign_csv(file.ranks[r].campaigns[i]), campaign_csv(content.ranks[r].campaigns[i]));
  }
  EXPECT_EQ(formatting::report_json(file, path).dump(2), formatting::report_json(content, path).dump(2))
      << "summary.json made in memory differs from summary.json made from the file";
}

}  // namespace
}  // namespace autobench::result_file
