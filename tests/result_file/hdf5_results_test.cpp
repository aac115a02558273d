// The results file: write -> read gives back every field; the file appears under its final name only
// when complete; files that are not autobench results are refused with the file named.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>

#include <hdf5.h>
#include <hdf5_hl.h>

#include "suite/hdf5/hdf5_file.hpp"
#include "suite/result_file/result_reader.hpp"
#include "suite/stats/stability.hpp"
#include "suite/result_file/file_content.hpp"
#include "suite/result_file/result_writer.hpp"
#include "tests/support/error_text.hpp"
#include "tests/support/scratch.hpp"
#include "suite/files/atomic_file.hpp"
#include "tests/results/sample_results.hpp"

namespace autobench::result_file {
namespace {

using testing::contains;
using testing::expect_same;
namespace fs = std::filesystem;

const std::string kSettings = R"({"suite":"quick","repeats":2,"note":"caf\u00e9"})";

// The stability rows a results file of the sample stores, the last with NaN (a throughput that was not measured).
std::vector<results::StabilityRow> sample_stability(const std::vector<results::RankResult>& ranks) {
  auto rows = stats::stability_of_complete(ranks);
  rows.back().throughput_cv = results::kNaN;
  return rows;
}

void expect_same_rows(const std::vector<results::StabilityRow>& a, const std::vector<results::StabilityRow>& b) {
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
  write_results(path, file_content(info, ranks, stability, kSettings));

  const auto file = result_file::read_results(path);
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
  write_results(path, file_content(testing::sample_run_info(), ranks, {}, "{}"));
  {  // as an older version wrote it: without tune_resources
    const hid_t file = H5Fopen(path.c_str(), H5F_ACC_RDWR, H5P_DEFAULT);
    ASSERT_GE(file, 0);
    EXPECT_GE(H5Ldelete(file, "/sweeps/rank0/gemm_repeat0/tune_resources", H5P_DEFAULT), 0);
    H5Fclose(file);
  }
  const auto file = result_file::read_results(path);
  auto expected = ranks[0];
  for (auto& p : expected.campaigns[0].points) p.tune_resources.clear();
  expect_same(expected, file.ranks.at(0));
}

// Three detectors fed by one sweep: the whole sweep, a prefix with a refinement point inserted, and a
// prefix with its own power correction.
std::vector<results::Campaign> one_sweep_three_detectors() {
  const auto whole = testing::sample_campaign(0, "vecadd", "kneedle", 0, 3);
  auto refined = testing::sample_campaign(0, "vecadd", "triangle", 0, 3);
  refined.points.resize(5);
  refined.points.insert(refined.points.begin() + 2, testing::sample_point(3000, 2.5e-5, true));
  auto corrected = testing::sample_campaign(0, "vecadd", "slope", 0, 2);
  corrected.points.resize(4);
  for (auto& p : corrected.points) p.power_corrected_w = 80.0 + static_cast<double>(p.size % 7);
  return {whole, refined, corrected};
}

TEST(Hdf5Results, DetectorsOfOneSweepShareItsStoredPointsAndReadBackWhole) {
  testing::ScratchDir scratch;
  const auto path = scratch.path("shared.h5");
  std::vector<results::RankResult> ranks(1);
  ranks[0].campaigns = one_sweep_three_detectors();
  write_results(path, file_content(testing::sample_run_info(), ranks, {}, "{}"));
  expect_same(ranks[0], result_file::read_results(path).ranks.at(0));

  const auto file = hdf5::H5File::open(path);
  EXPECT_EQ(file.read_attribute<std::int64_t>("schema_version"), 2);
  const auto sweep = file.open_group("sweeps").open_group("rank0").open_group("vecadd_repeat0");
  EXPECT_EQ(sweep.read_attribute<std::int64_t>("points"), 8);  // 7 sizes and the refinement point, once each
  EXPECT_EQ(sweep.read_dataset<std::uint64_t>("size").size(), 8u);
  // The sweep's size once more for netCDF readers (docs/tidy.md), and no other sweep there.
  const auto sizes = file.open_group("sweeps_size").open_group("rank0");
  EXPECT_EQ(sizes.child_groups(), std::vector<std::string>{"vecadd_repeat0"});
  EXPECT_EQ(sizes.open_group("vecadd_repeat0").read_dataset<std::uint64_t>("size"),
            sweep.read_dataset<std::uint64_t>("size"));
  const auto kernel = file.open_group("campaigns").open_group("vecadd");
  for (const char* detector : {"kneedle", "triangle", "slope"}) {
    SCOPED_TRACE(detector);
    const auto c = kernel.open_group(detector).open_group("rank0").open_group("repeat0");
    EXPECT_EQ(c.read_attribute<std::string>("sweep"), "/sweeps/rank0/vecadd_repeat0");
    EXPECT_FALSE(c.has_dataset("size"));
    EXPECT_FALSE(c.has_dataset("launch_times_s"));
    EXPECT_EQ(c.has_dataset("point_index"), std::string(detector) == "triangle");  // not the sweep's first points
    EXPECT_EQ(c.has_dataset("power_corrected_w"), std::string(detector) == "slope");  // its own values only
  }
}

TEST(Hdf5Results, IndependentSweepsAreStoredOneEach) {
  testing::ScratchDir scratch;
  const auto path = scratch.path("independent.h5");
  std::vector<results::RankResult> ranks(1);
  auto second = testing::sample_campaign(0, "vecadd", "triangle", 0, 3);
  for (auto& p : second.points) p.time_mean_s *= 1.01, p.launch_times_s.back() *= 1.01f;  // measured again
  ranks[0].campaigns = {testing::sample_campaign(0, "vecadd", "kneedle", 0, 3), second};
  write_results(path, file_content(testing::sample_run_info(), ranks, {}, "{}"));
  expect_same(ranks[0], result_file::read_results(path).ranks.at(0));
  const auto file = hdf5::H5File::open(path);
  EXPECT_EQ(file.open_group("sweeps").open_group("rank0").child_groups(),
            (std::vector<std::string>{"vecadd_repeat0_kneedle", "vecadd_repeat0_triangle"}));
}

TEST(Hdf5Results, ASchemaOneFileFromAnEarlierVersionStillReads) {
  // tests/result_file/data/schema1.h5: testing::sample_ranks() and sample_run_info() written by the writer of
  // main 9126241 (schema 1: every campaign's points in its own group), before sweeps were stored once.
  const auto file = result_file::read_results(std::string(AUTOBENCH_SOURCE_DIR) + "/tests/result_file/data/schema1.h5");
  EXPECT_EQ(file.schema_version, 1);
  expect_same(testing::sample_run_info(), file.info);
  auto ranks = testing::sample_ranks();
  for (auto& rank : ranks) {  // fields added after 9126241 read as their defaults
    rank.device.serial = "";
    for (auto& c : rank.campaigns)
      for (auto& p : c.points) p.mem_clock_mhz = results::kNaN;
  }
  ASSERT_EQ(file.ranks.size(), ranks.size());
  for (std::size_t i = 0; i < ranks.size(); ++i) expect_same(ranks[i], file.ranks[i]);
  EXPECT_TRUE(file.time_splits.empty());
}

TEST(Hdf5Results, TimeSplitsRoundTripAndOlderFilesHaveNone) {
  testing::ScratchDir scratch;
  const auto path = scratch.path("split.h5");
  std::vector<results::RankTimeSplit> splits(2);
  splits[0] = {0, 2, 10.5, 4.0, 0.5, 1.25, 0.75, 0.5, 2.0, 0.0, 0.125, 0.0625};
  splits[1] = {1, 1, 9.75, 5.0, 0.25, 1.0, 0.5, 0.25, 1.5, 0.0, 0.5, 0.0};
  write_results(path, file_content(testing::sample_run_info(), testing::sample_ranks(), {}, "{}", splits));
  const auto file = result_file::read_results(path);
  ASSERT_EQ(file.time_splits.size(), 2u);
  for (std::size_t i = 0; i < 2; ++i) {
    const auto& a = splits[i];
    const auto& b = file.time_splits[i];
    EXPECT_EQ(b.rank, a.rank);
    EXPECT_EQ(b.cores, a.cores);
    EXPECT_EQ(b.wall_s, a.wall_s);
    EXPECT_EQ(b.gpu_timing_s, a.gpu_timing_s);
    EXPECT_EQ(b.write_s, a.write_s);
    EXPECT_EQ(b.other_s(), a.other_s());
  }
  EXPECT_EQ(hdf5::H5File::open(path).open_group("time_split").read_dataset<double>("other_s").at(0), splits[0].other_s());
  write_results(path, file_content(testing::sample_run_info(), testing::sample_ranks(), {}, "{}"));
  EXPECT_TRUE(result_file::read_results(path).time_splits.empty());
}

// For netCDF readers (xarray: docs/tidy.md), every column of a table has its dimension scale: `rank` for
// /time_split, `row` (row numbers, marked as netCDF-4 marks a dimension without a variable) for the others.
TEST(Hdf5Results, EveryTableHasADimensionScaleForNetcdfReaders) {
  testing::ScratchDir scratch;
  const auto path = scratch.path("tables.h5");
  const auto ranks = testing::sample_ranks();
  std::vector<results::RankTimeSplit> splits(2);
  splits[1].rank = 1;
  write_results(path, file_content(testing::sample_run_info(), ranks, sample_stability(ranks), "{}", splits));
  const auto file = hdf5::H5File::open(path);
  const hdf5::H5Handle raw(H5Fopen(path.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT), H5Fclose);
  const std::string row_mark = "This is a netCDF dimension but not a netCDF variable.";
  const auto check = [&](const hdf5::H5Group& group, const std::string& key) {
    SCOPED_TRACE(group.path());
    const auto columns = group.child_datasets();
    ASSERT_GT(columns.size(), 5u);
    const hdf5::H5Handle scale(H5Dopen2(raw.get(), (group.path() + "/" + key).c_str(), H5P_DEFAULT), H5Dclose);
    ASSERT_GT(H5DSis_scale(scale.get()), 0);
    char name[80] = {};
    H5DSget_scale_name(scale.get(), name, sizeof name);
    EXPECT_EQ(std::string(name).rfind(row_mark, 0) == 0, key == "row") << name;
    for (const auto& column : columns) {
      if (column == key) continue;
      const hdf5::H5Handle d(H5Dopen2(raw.get(), (group.path() + "/" + column).c_str(), H5P_DEFAULT), H5Dclose);
      EXPECT_EQ(H5DSget_num_scales(d.get(), 0), 1) << column;
      EXPECT_GT(H5DSis_attached(d.get(), scale.get(), 0), 0) << column;
    }
  };
  check(file.open_group("time_split"), "rank");
  check(file.open_group("consensus").open_group("vecadd"), "row");
  const auto stability = file.open_group("stability").open_group("vecadd").open_group("kneedle");
  check(stability, "row");
  const auto rows = stability.read_dataset<std::int64_t>("row");
  EXPECT_EQ(rows.size(), stability.dataset_length("scope"));
  for (std::size_t i = 0; i < rows.size(); ++i) EXPECT_EQ(rows[i], static_cast<std::int64_t>(i));
}

TEST(Hdf5Results, CampaignsComeBackGroupedByKernelThenDetectorThenInWrittenOrder) {
  testing::ScratchDir scratch;
  const auto path = scratch.path("order.h5");
  std::vector<results::RankResult> ranks(1);
  ranks[0].campaigns = {
      testing::sample_campaign(0, "vecadd", "kneedle", 0, 3), testing::sample_campaign(0, "gemm", "kneedle", 0, 3),
      testing::sample_campaign(0, "vecadd", "slope", 0, 3), testing::sample_campaign(0, "vecadd", "kneedle", 1, 3)};
  write_results(path, file_content(testing::sample_run_info(), ranks, {}, "{}"));
  const auto file = result_file::read_results(path);
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
  write_results(path, file_content(info, ranks, {}, "{}"));
  const auto file = result_file::read_results(path);
  expect_same(info, file.info);
  ASSERT_EQ(file.ranks.size(), 1u);
  expect_same(ranks[0], file.ranks[0]);
  EXPECT_TRUE(file.stability.empty());
}

TEST(Hdf5Results, OnlyACompleteFileAppearsUnderTheFinalName) {
  testing::ScratchDir scratch;
  const auto path = scratch.path("autobench.h5");
  const auto ranks = testing::sample_ranks();
  write_results(path, file_content(testing::sample_run_info(), ranks, {}, "{}"));
  EXPECT_TRUE(fs::exists(path));
  EXPECT_FALSE(fs::exists(path + ".tmp"));
}

TEST(Hdf5Results, AFailureHalfwayLeavesNoFileBehind) {
  testing::ScratchDir scratch;
  const auto path = scratch.path("autobench.h5");
  auto ranks = testing::sample_ranks();
  ranks[1].campaigns.push_back(ranks[1].campaigns.back());  // the same campaign twice: the second cannot be written
  EXPECT_TRUE(contains(
      testing::error_of<std::runtime_error>([&] { write_results(path, file_content(testing::sample_run_info(), ranks, {}, "{}")); }),
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
                           [&] { write_results(path, file_content(testing::sample_run_info(), ranks, {}, "{}")); }),
                       "kernel name 'a/b'"));
  EXPECT_FALSE(fs::exists(path));
  EXPECT_FALSE(fs::exists(path + ".tmp"));
}

TEST(Hdf5Results, AnUnwritableDirectoryIsAnErrorNamingTheFile) {
  testing::ScratchDir scratch;
  const auto path = scratch.path("missing-dir/autobench.h5");
  EXPECT_TRUE(contains(
      testing::error_of<files::WriteError>([&] { write_results(path, file_content(testing::sample_run_info(), {}, {}, "{}")); }),
      "cannot write " + path + ": No such file or directory"));
}

TEST(Hdf5Results, OtherFilesAreRefusedWithTheFileNamed) {
  testing::ScratchDir scratch;
  const auto text = scratch.path("notes.txt");
  std::ofstream(text) << "hello\n";
  EXPECT_TRUE(contains(testing::error_of<std::runtime_error>([&] { result_file::read_results(text); }), text));

  const auto other = scratch.path("other.h5");
  {
    auto file = hdf5::H5File::create(other);
    file.create_group("data");
    file.close();
  }
  EXPECT_TRUE(contains(testing::error_of<std::runtime_error>([&] { result_file::read_results(other); }),
                       other + " is not an autobench results file"));

  const auto future = scratch.path("future.h5");
  {
    auto file = hdf5::H5File::create(future);
    file.write_attribute<std::int64_t>("schema_version", 4);
    file.close();
  }
  EXPECT_TRUE(contains(testing::error_of<std::runtime_error>([&] { result_file::read_results(future); }),
                       future + " has schema version 4; this autobench-mpi reads versions 1 to 3"));
}

}  // namespace
}  // namespace autobench::result_file
