// The results file: write -> read gives back every field; the file appears under its final name only
// when complete; files that are not autobench results are refused with the file named.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>

#include <hdf5.h>

#include "suite/hdf5/hdf5_file.hpp"
#include "suite/reading/hdf5_reader.hpp"
#include "suite/writing/hdf5_writer.hpp"
#include "tests/support/error_text.hpp"
#include "tests/support/scratch.hpp"
#include "suite/writing/atomic_file.hpp"
#include "tests/results/sample_results.hpp"

namespace autobench::writing {
namespace {

using testing::contains;
using testing::expect_same;
namespace fs = std::filesystem;

const std::string kSettings = R"({"suite":"quick","repeats":2,"note":"caf\u00e9"})";

// The stability rows of the sample plus one with NaN (a throughput that was not measured).
std::vector<stats::StabilityRow> sample_stability(const std::vector<results::RankResult>& ranks) {
  auto rows = stats::compute_stability(ranks);
  stats::StabilityRow nan_row = rows.back();
  nan_row.kernel = "triad";
  nan_row.throughput_cv = results::kNaN;
  rows.push_back(nan_row);
  return rows;
}

void expect_same_rows(const std::vector<stats::StabilityRow>& a, const std::vector<stats::StabilityRow>& b) {
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    SCOPED_TRACE("stability row " + std::to_string(i));
    EXPECT_EQ(a[i].kernel, b[i].kernel);
    EXPECT_EQ(a[i].detector, b[i].detector);
    EXPECT_EQ(a[i].scope, b[i].scope);
    EXPECT_EQ(a[i].group, b[i].group);
    EXPECT_EQ(a[i].campaigns, b[i].campaigns);
    EXPECT_EQ(a[i].knee_index_mode, b[i].knee_index_mode);
    AUTOBENCH_EXPECT_SAME_DOUBLE(a[i].knee_index_mean, b[i].knee_index_mean);
    AUTOBENCH_EXPECT_SAME_DOUBLE(a[i].knee_index_stddev, b[i].knee_index_stddev);
    AUTOBENCH_EXPECT_SAME_DOUBLE(a[i].knee_size_median, b[i].knee_size_median);
    AUTOBENCH_EXPECT_SAME_DOUBLE(a[i].knee_size_iqr, b[i].knee_size_iqr);
    AUTOBENCH_EXPECT_SAME_DOUBLE(a[i].within1_fraction, b[i].within1_fraction);
    AUTOBENCH_EXPECT_SAME_DOUBLE(a[i].throughput_cv, b[i].throughput_cv);
  }
}

TEST(Hdf5Results, EveryFieldRoundTrips) {
  testing::ScratchDir scratch;
  const auto path = scratch.path("autobench.h5");
  const auto info = testing::sample_run_info();
  auto ranks = testing::sample_ranks();
  ranks[1].error = "device lost after 4 sizes";
  const auto stability = sample_stability(ranks);
  write_results(path, info, ranks, stability, kSettings);

  const auto file = reading::read_results(path);
  expect_same(info, file.info);
  ASSERT_EQ(file.ranks.size(), ranks.size());
  for (std::size_t i = 0; i < ranks.size(); ++i) expect_same(ranks[i], file.ranks[i]);
  expect_same_rows(stability, file.stability);
  EXPECT_EQ(file.settings_json, kSettings);
}

TEST(Hdf5Results, AFileWrittenBeforeAPointFieldWasAddedReadsWithItsDefault) {
  testing::ScratchDir scratch;
  const auto path = scratch.path("older.h5");
  std::vector<results::RankResult> ranks(1);
  ranks[0].campaigns = {testing::sample_campaign(0, "gemm", "kneedle", 0, 3)};
  write_results(path, testing::sample_run_info(), ranks, {}, "{}");
  {  // as an older version wrote it: without tune_resources
    const hid_t file = H5Fopen(path.c_str(), H5F_ACC_RDWR, H5P_DEFAULT);
    ASSERT_GE(file, 0);
    EXPECT_GE(H5Ldelete(file, "/campaigns/gemm/kneedle/rank0/repeat0/tune_resources", H5P_DEFAULT), 0);
    H5Fclose(file);
  }
  const auto file = reading::read_results(path);
  auto expected = ranks[0];
  for (auto& p : expected.campaigns[0].points) p.tune_resources.clear();
  expect_same(expected, file.ranks.at(0));
}

TEST(Hdf5Results, CampaignsComeBackGroupedByKernelThenDetectorThenInWrittenOrder) {
  testing::ScratchDir scratch;
  const auto path = scratch.path("order.h5");
  std::vector<results::RankResult> ranks(1);
  ranks[0].campaigns = {
      testing::sample_campaign(0, "vecadd", "kneedle", 0, 3), testing::sample_campaign(0, "gemm", "kneedle", 0, 3),
      testing::sample_campaign(0, "vecadd", "slope", 0, 3), testing::sample_campaign(0, "vecadd", "kneedle", 1, 3)};
  write_results(path, testing::sample_run_info(), ranks, {}, "{}");
  const auto file = reading::read_results(path);
  std::vector<std::string> order;
  for (const auto& c : file.ranks.at(0).campaigns) {
    order.push_back(c.kernel + "/" + c.detector + "/" + std::to_string(c.repeat));
  }
  EXPECT_EQ(order,
            (std::vector<std::string>{"vecadd/kneedle/0", "vecadd/kneedle/1", "vecadd/slope/0", "gemm/kneedle/0"}));
}

TEST(Hdf5Results, ARunWithoutCampaignsRoundTrips) {
  testing::ScratchDir scratch;
  const auto path = scratch.path("empty.h5");
  auto info = testing::sample_run_info();
  info.complete = true;
  std::vector<results::RankResult> ranks(1);
  ranks[0].start_error = "no device";
  write_results(path, info, ranks, {}, "{}");
  const auto file = reading::read_results(path);
  expect_same(info, file.info);
  ASSERT_EQ(file.ranks.size(), 1u);
  expect_same(ranks[0], file.ranks[0]);
  EXPECT_TRUE(file.stability.empty());
}

TEST(Hdf5Results, OnlyACompleteFileAppearsUnderTheFinalName) {
  testing::ScratchDir scratch;
  const auto path = scratch.path("autobench.h5");
  const auto ranks = testing::sample_ranks();
  write_results(path, testing::sample_run_info(), ranks, {}, "{}");
  EXPECT_TRUE(fs::exists(path));
  EXPECT_FALSE(fs::exists(path + ".tmp"));
}

TEST(Hdf5Results, AFailureHalfwayLeavesNoFileBehind) {
  testing::ScratchDir scratch;
  const auto path = scratch.path("autobench.h5");
  auto ranks = testing::sample_ranks();
  ranks[1].campaigns.push_back(ranks[1].campaigns.back());  // the same campaign twice: the second cannot be written
  EXPECT_TRUE(contains(
      testing::error_of<std::runtime_error>([&] { write_results(path, testing::sample_run_info(), ranks, {}, "{}"); }),
      path + ": cannot create group /campaigns/gemm/kneedle/rank1/repeat1"));
  EXPECT_FALSE(fs::exists(path));
  EXPECT_TRUE(fs::is_empty(fs::path(path).parent_path())) << "no temporary file either";
}

TEST(Hdf5Results, NamesThatCannotBeGroupNamesAreRefused) {
  testing::ScratchDir scratch;
  const auto path = scratch.path("autobench.h5");
  auto ranks = testing::sample_ranks();
  ranks[0].campaigns[0].kernel = "a/b";
  EXPECT_TRUE(contains(testing::error_of<std::invalid_argument>(
                           [&] { write_results(path, testing::sample_run_info(), ranks, {}, "{}"); }),
                       "kernel name 'a/b'"));
  EXPECT_FALSE(fs::exists(path));
  EXPECT_FALSE(fs::exists(path + ".tmp"));
}

TEST(Hdf5Results, AnUnwritableDirectoryIsAnErrorNamingTheFile) {
  testing::ScratchDir scratch;
  const auto path = scratch.path("missing-dir/autobench.h5");
  EXPECT_TRUE(contains(
      testing::error_of<WriteError>([&] { write_results(path, testing::sample_run_info(), {}, {}, "{}"); }),
      "cannot write " + path + ": No such file or directory"));
}

TEST(Hdf5Results, OtherFilesAreRefusedWithTheFileNamed) {
  testing::ScratchDir scratch;
  const auto text = scratch.path("notes.txt");
  std::ofstream(text) << "hello\n";
  EXPECT_TRUE(contains(testing::error_of<std::runtime_error>([&] { reading::read_results(text); }), text));

  const auto other = scratch.path("other.h5");
  {
    auto file = hdf5::H5File::create(other);
    file.create_group("data");
    file.close();
  }
  EXPECT_TRUE(contains(testing::error_of<std::runtime_error>([&] { reading::read_results(other); }),
                       other + " is not an autobench results file"));

  const auto future = scratch.path("future.h5");
  {
    auto file = hdf5::H5File::create(future);
    file.write_attribute<std::int64_t>("schema_version", 2);
    file.close();
  }
  EXPECT_TRUE(contains(testing::error_of<std::runtime_error>([&] { reading::read_results(future); }),
                       future + " has schema version 2; this autobench-mpi reads version 1"));
}

}  // namespace
}  // namespace autobench::writing
