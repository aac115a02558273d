// Reading only what is asked (result_file::ReadOptions): the report, the A/B verdicts and the tidy tables come
// out the same as from a whole read, a summary read never opens the launch times, a rank read holds that rank.
#include <gtest/gtest.h>

#include <filesystem>
#include <iterator>
#include <set>
#include <fstream>
#include <sstream>

#include <hdf5.h>

#include "suite/formatting/ab_verdict_print.hpp"
#include "suite/formatting/report_json.hpp"
#include "suite/result_file/file_content.hpp"
#include "suite/result_file/result_reader.hpp"
#include "suite/result_file/result_writer.hpp"
#include "suite/result_file/tidy_tables.hpp"
#include "suite/stats/ab_compare.hpp"
#include "suite/stats/stability.hpp"
#include "tests/results/sample_results.hpp"
#include "tests/support/scratch.hpp"
#include "tests/support/shell.hpp"

namespace autobench::result_file {
namespace {

// The sample's three ranks (two with campaigns: two kernels x two repeats) written as a run writes them, each
// point with 16 launch times (enough for the A/B verdicts' launch interval).
std::string sample_file(const testing::ScratchDir& scratch) {
  const auto path = scratch.path("autobench.h5");
  auto ranks = testing::sample_ranks();
  for (auto& r : ranks)
    for (auto& c : r.campaigns)
      for (auto& p : c.points) {
        p.launch_times_s.clear();
        for (int i = 0; i < 16; ++i) p.launch_times_s.push_back(static_cast<float>(p.time_mean_s * (1 + 0.01 * (i % 5))));
      }
  write_results(path, file_content(testing::sample_run_info(), ranks, stats::stability_of_complete(ranks), "{}"));
  return path;
}

std::string report_text(const results::ResultFile& file) { return formatting::report_json(file, "f.h5").dump(); }

TEST(ReadOptions, ASummaryReadGivesTheWholeReadsReportWithoutLaunchTimesOrTunerTexts) {
  testing::ScratchDir scratch;
  const auto path = sample_file(scratch);
  const auto whole = read_results(path);
  const auto summary = read_results(path, summary_read());
  EXPECT_EQ(report_text(summary), report_text(whole));
  std::size_t launches = 0, probes = 0, points = 0;
  for (const auto& r : whole.ranks)
    for (const auto& c : r.campaigns)
      for (const auto& p : c.points) launches += p.launch_times_s.size(), probes += p.tune_probes.size(), ++points;
  ASSERT_GT(launches, 0u);  // the sample has them, so their absence below is the read's doing
  ASSERT_GT(probes, 0u);
  std::size_t summary_points = 0;
  for (const auto& r : summary.ranks)
    for (const auto& c : r.campaigns)
      for (const auto& p : c.points) {
        EXPECT_TRUE(p.launch_times_s.empty());
        EXPECT_TRUE(p.tune_probes.empty() && p.tune_resources.empty());
        ++summary_points;
      }
  EXPECT_EQ(summary_points, points);
}

TEST(ReadOptions, ASummaryReadNeverOpensTheLaunchTimes) {
  testing::ScratchDir scratch;
  const auto path = sample_file(scratch);
  const auto expected = report_text(read_results(path));
  {  // every sweep's launch_times_s replaced by a dataset of text: unreadable as launch times
    const hid_t file = H5Fopen(path.c_str(), H5F_ACC_RDWR, H5P_DEFAULT);
    ASSERT_GE(file, 0);
    for (const int rank : {0, 1})
      for (const char* sweep : {"vecadd_repeat0", "vecadd_repeat1", "gemm_repeat0", "gemm_repeat1"}) {
        const std::string at = "/sweeps/rank" + std::to_string(rank) + "/" + sweep + "/launch_times_s";
        ASSERT_GE(H5Ldelete(file, at.c_str(), H5P_DEFAULT), 0) << at;
        const hid_t type = H5Tcopy(H5T_C_S1);
        H5Tset_size(type, 4);
        const hsize_t n = 1;
        const hid_t space = H5Screate_simple(1, &n, nullptr);
        const hid_t d = H5Dcreate2(file, at.c_str(), type, space, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
        ASSERT_GE(d, 0) << at;
        H5Dwrite(d, type, H5S_ALL, H5S_ALL, H5P_DEFAULT, "junk");
        H5Dclose(d), H5Sclose(space), H5Tclose(type);
      }
    H5Fclose(file);
  }
  EXPECT_THROW(read_results(path), std::runtime_error);  // a whole read does open them
  EXPECT_EQ(report_text(read_results(path, summary_read())), expected);
  const auto report = testing::run_shell(std::string(AUTOBENCH_BINARY) + " report --format json " + path);
  EXPECT_EQ(report.status, 0) << report.out;
}

TEST(ReadOptions, ARankReadHoldsThatRanksCampaignsAndEveryDevice) {
  testing::ScratchDir scratch;
  const auto path = sample_file(scratch);
  const auto whole = read_results(path);
  auto options = summary_read();
  options.ranks = std::set<int>{1};
  const auto one = read_results(path, options);
  ASSERT_EQ(one.ranks.size(), 3u);
  EXPECT_TRUE(one.ranks[0].campaigns.empty());
  EXPECT_EQ(one.ranks[1].campaigns.size(), whole.ranks[1].campaigns.size());
  EXPECT_EQ(one.ranks[1].device.uuid, whole.ranks[1].device.uuid);
  EXPECT_EQ(one.stability.size(), whole.stability.size());  // the run's, as stored
  options.ranks = std::set<int>{};
  for (const auto& r : read_results(path, options).ranks) EXPECT_TRUE(r.campaigns.empty());
}

TEST(ReadOptions, AbVerdictsNeedOnlyTheSidesLaunchTimes) {
  testing::ScratchDir scratch;
  const auto path = sample_file(scratch);
  auto options = summary_read();
  options.launch_times_of = std::set<int>{0, 1};
  const stats::AbSide a{0, 0}, b{0, 1};
  const auto verdicts = [&](const ReadOptions& o) {
    return formatting::ab_json(stats::compare_ab({{path, read_results(path, o)}}, a, b, {.threshold = 0.02})).dump();
  };
  const auto whole = verdicts({});
  EXPECT_EQ(verdicts(options), whole);
  EXPECT_NE(whole.find("\"launches_a\":128"), std::string::npos) << whole;  // the verdicts pooled the launch times
  EXPECT_NE(verdicts(summary_read()), whole);
}

std::string file_text(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(ReadOptions, ExportTidyStreamsTheTablesOfAWholeRead) {
  testing::ScratchDir scratch;
  const auto path = sample_file(scratch);
  const auto whole = read_results(path);
  const auto dir = scratch.path("tidy");
  const auto out = testing::run_shell(std::string(AUTOBENCH_BINARY) + " export --tidy --output " + dir + " " + path);
  ASSERT_EQ(out.status, 0) << out.out;
  for (const auto* table : {&kPointsTable, &kCampaignsTable, &kJoinedTable}) {
    std::string expected = table->header();
    std::size_t rows = 0;
    for (const auto& r : whole.ranks) rows += table->append_rows(r, expected);
    EXPECT_GT(rows, 0u) << table->file;
    EXPECT_EQ(file_text(dir + "/" + table->file), expected) << table->file;
  }
  const auto entries = std::distance(std::filesystem::directory_iterator(dir), std::filesystem::directory_iterator());
  EXPECT_EQ(entries, 3);  // the three tables, no temporary file left
}

}  // namespace
}  // namespace autobench::result_file
