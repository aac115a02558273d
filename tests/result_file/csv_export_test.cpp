// The per-campaign CSV files: exact text (header with the unit, milliseconds, knee flag, NaN) and
// the file names and contents written for every campaign.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "suite/result_file/csv_export.hpp"
#include "tests/support/scratch.hpp"
#include "tests/support/report_data.hpp"

namespace autobench::result_file {
namespace {

using testing::report_campaign;

TEST(CsvExport, ThesisFormatText) {
  auto c = report_campaign(2, "gemm", 3, 1, {10.5, 20.25, 30});
  c.metric_unit = "GFLOP/s";
  c.points[2].throughput = results::kNaN;
  EXPECT_EQ(csv_file_name(c), "gemm_kneedle_rank2_repeat3.csv");
  EXPECT_EQ(campaign_csv(c),
            "problem_size,execution_time_ms,throughput_GFLOP/s,is_knee\n"
            "100,1,10.5,0\n"
            "200,2,20.25,1\n"
            "400,3,nan,0\n");
}

TEST(CsvExport, NoKneeFlaggedWhenNoneWasDetected) {
  auto c = report_campaign(0, "vecadd", 0, 2, {1, 2, 3});
  c.knee_detected = false;
  c.stop_reason = results::StopReason::max_size;
  EXPECT_EQ(campaign_csv(c).find(",1\n"), std::string::npos) << campaign_csv(c);
}

TEST(CsvExport, OneFilePerCampaign) {
  testing::ScratchDir scratch;
  std::vector<results::RankResult> ranks{
      testing::report_rank(0, "cuda", "A", "n", {report_campaign(0, "vecadd", 0, 0, {1, 2, 3})}),
      testing::report_rank(1, "cuda", "A", "n",
                           {report_campaign(1, "vecadd", 0, 1, {1, 2, 3}), report_campaign(1, "vecadd", 1, 2, {4, 5, 6})})};
  const auto dir = scratch.path("csv");
  const auto paths = write_campaign_csvs(dir, ranks);
  ASSERT_EQ(paths.size(), 3u);
  EXPECT_EQ(paths[2], (std::filesystem::path(dir) / "vecadd_kneedle_rank1_repeat1.csv").string());
  std::ifstream in(paths[2]);
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_EQ(text.str(), campaign_csv(ranks[1].campaigns[1]));
}

}  // namespace
}  // namespace autobench::result_file
