// A run written in parts (schema 3): each rank's part and the root that links them read back as the single
// file of the same results does (campaigns, stability, consensus, the whole report JSON), from any working
// directory; a part that cannot be written marks its rank missing and the file incomplete; the reader
// follows only the links the writer makes; `report` and summary.json are made from the root alone (no part
// opened) and say what the root read whole with its parts says; a part that is no regular file (a link to a
// FIFO) is refused before HDF5 opens it.
#include <gtest/gtest.h>
#include <hdf5.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "suite/formatting/report_json.hpp"
#include "suite/formatting/report_table.hpp"
#include "suite/hdf5/hdf5_fields.hpp"
#include "suite/result_file/file_content.hpp"
#include "suite/result_file/result_reader.hpp"
#include "suite/result_file/result_writer.hpp"
#include "suite/result_file/run_file.hpp"
#include "suite/stats/gpu_health.hpp"
#include "suite/stats/stability.hpp"
#include "tests/results/sample_results.hpp"
#include "tests/support/scratch.hpp"

namespace autobench::result_file {
namespace {

constexpr const char* kSettings = R"({"suite":"quick"})";

// sample_ranks() with a second detector on every sweep of ranks 0 and 1 (a consensus over two votes).
std::vector<results::RankResult> ranks_with_two_detectors() {
  auto ranks = testing::sample_ranks();
  for (auto& r : ranks) {
    const auto first = r.campaigns;
    for (auto c : first) {
      c.detector = "triangle";
      r.campaigns.push_back(c);
    }
  }
  return ranks;
}

// The report JSON of a file without what names the file itself.
nlohmann::json report_of(const std::string& path) {
  auto j = formatting::report_json(read_results(path), "");
  j.erase("schema_version");
  return j;
}

void add_external_link(const std::string& file, const std::string& group, const std::string& name,
                       const std::string& target_file, const std::string& target_object) {
  const hid_t f = H5Fopen(file.c_str(), H5F_ACC_RDWR, H5P_DEFAULT);
  ASSERT_GE(f, 0);
  const hid_t g = H5Gopen2(f, group.c_str(), H5P_DEFAULT);
  ASSERT_GE(g, 0);
  ASSERT_GE(H5Lcreate_external(target_file.c_str(), target_object.c_str(), g, name.c_str(), H5P_DEFAULT, H5P_DEFAULT), 0);
  H5Gclose(g);
  H5Fclose(f);
}

TEST(Parts, ReadBackAsTheSingleFileOfTheSameResults) {
  testing::ScratchDir scratch;
  const auto ranks = ranks_with_two_detectors();
  const auto info = testing::sample_run_info();
  std::filesystem::create_directories(scratch.path("single"));
  const std::string single = scratch.path("single/autobench.h5");
  write_results(single, file_content(info, ranks, stats::stability_of_complete(ranks), kSettings));
  const std::string root = write_run_file(scratch.path("parts-run"), info, ranks, kSettings);

  EXPECT_TRUE(std::filesystem::is_regular_file(scratch.path("parts-run/parts/rank0.h5")));
  EXPECT_TRUE(std::filesystem::is_regular_file(scratch.path("parts-run/parts/rank2.h5")));  // its device alone
  const auto a = read_results(single), b = read_results(root);
  EXPECT_EQ(b.schema_version, 3);
  ASSERT_EQ(a.ranks.size(), b.ranks.size());
  for (std::size_t r = 0; r < a.ranks.size(); ++r) testing::expect_same(a.ranks[r], b.ranks[r]);
  EXPECT_EQ(report_of(single), report_of(root));  // stability, consensus, GPU health, agreement, campaigns
  EXPECT_GT(a.stability.size(), 0u);
  EXPECT_GT(a.consensus.size(), 0u);

  // /summary alone gives the GPU health and the stability of the full data (docs/output.md).
  const auto file = hdf5::H5File::open(root);
  const auto ranks_table = file.open_group("summary").open_group("ranks");
  auto evidence = hdf5::read_columns<stats::GpuEvidence>(ranks_table, ranks_table.dataset_length("rank"),
                                                         stats::kGpuEvidenceFields);
  const auto sweeps_table = file.open_group("summary").open_group("sweeps");
  for (const auto& s : hdf5::read_columns<stats::SweepHealth>(sweeps_table, sweeps_table.dataset_length("rank"),
                                                              stats::kSweepHealthFields))
    evidence.at(static_cast<std::size_t>(s.rank)).sweeps.push_back(s);
  const auto from_summary = stats::judge_gpus(evidence), from_points = stats::judge_gpus(a.ranks);
  ASSERT_EQ(from_summary.size(), from_points.size());
  for (std::size_t i = 0; i < from_points.size(); ++i) {
    EXPECT_EQ(from_summary[i].rank, from_points[i].rank);
    EXPECT_EQ(from_summary[i].verdict, from_points[i].verdict);
    EXPECT_EQ(from_summary[i].summary, from_points[i].summary);
    EXPECT_EQ(from_summary[i].errors, from_points[i].errors);
  }
  const auto campaigns_table = file.open_group("summary").open_group("campaigns");
  const auto campaigns = hdf5::read_columns<results::CampaignSummary>(
      campaigns_table, campaigns_table.dataset_length("rank"), results::kCampaignSummaryFields);
  EXPECT_EQ(campaigns.size(), 16u);
  const auto stability = stats::stability_of_complete(campaigns), expected = stats::stability_of_complete(a.ranks);
  ASSERT_EQ(stability.size(), expected.size());
  for (std::size_t i = 0; i < stability.size(); ++i) EXPECT_EQ(stability[i].group, expected[i].group);
}

// The report's JSON and text of the root's summaries, and of the root read whole with its parts.
void expect_reported_alike(const std::string& root) {
  const auto whole = read_results(root);
  const auto run = read_run_summary(root);
  EXPECT_EQ(formatting::report_json(run, root).dump(2), formatting::report_json(whole, root).dump(2));
  EXPECT_EQ(formatting::report_document(run, nullptr, root).text(), formatting::report_document(whole, root).text());
}

TEST(Parts, TheReportIsMadeFromTheRootAlone) {
  testing::ScratchDir scratch;
  auto ranks = ranks_with_two_detectors();
  ranks[0].campaigns[0].points[1].throttled = true;  // a sweep's point, in both of its detectors' campaigns
  ranks[0].campaigns[0].points[1].throttle_reason = "hw_slowdown";
  ranks[0].campaigns[2].points[1].throttled = true;
  ranks[1].campaigns[1].points[2].converged = false;
  const std::string root = write_run_file(scratch.path("run"), testing::sample_run_info(), ranks, kSettings);
  const auto whole = read_results(root);
  const std::string json = formatting::report_json(whole, root).dump(2), text = formatting::report_document(whole, root).text();
  EXPECT_NE(text.find("Throttled points"), std::string::npos) << text;
  EXPECT_NE(text.find("missed the noise target"), std::string::npos) << text;
  std::ifstream in(scratch.path("run/summary.json"));
  std::stringstream written;
  written << in.rdbuf();
  EXPECT_EQ(written.str(), json + "\n") << "summary.json is not the report of the file";

  std::filesystem::rename(scratch.path("run/parts"), scratch.path("away"));  // no part can be opened
  EXPECT_THROW(read_results(root), std::runtime_error);
  const auto run = read_run_summary(root);
  EXPECT_EQ(run.campaigns.size(), 16u);
  EXPECT_EQ(formatting::report_json(run, root).dump(2), json);
  EXPECT_EQ(formatting::report_document(run, nullptr, root).text(), text);
}

TEST(Parts, TheRootReadsFromAnyWorkingDirectory) {
  testing::ScratchDir scratch;
  const std::string root = write_run_file(scratch.path("run"), testing::sample_run_info(), testing::sample_ranks(), kSettings);
  const auto expected = report_of(root);
  const auto here = std::filesystem::current_path();
  std::filesystem::current_path(scratch.path(""));
  const auto relative = report_of("run/autobench.h5");
  std::filesystem::current_path("/");
  const auto absolute = report_of(std::filesystem::absolute(root).string());
  std::filesystem::current_path(here);
  EXPECT_EQ(relative, expected);
  EXPECT_EQ(absolute, expected);
}

TEST(Parts, APartThatCannotBeWrittenMarksItsRankMissingAndTheFileIncomplete) {
  testing::ScratchDir scratch;
  auto info = testing::sample_run_info();
  info.complete = true;
  std::filesystem::create_directories(scratch.path("run/parts/rank1.h5"));  // a directory where the part goes
  try {
    write_run_file(scratch.path("run"), info, testing::sample_ranks(), kSettings);
    ADD_FAILURE() << "a part that could not be written was not said";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("parts/rank1.h5"), std::string::npos) << e.what();
  }
  const std::string root = result_path(scratch.path("run"));
  const auto back = read_results(root);
  EXPECT_FALSE(back.info.complete);
  ASSERT_EQ(back.ranks.size(), 3u);
  EXPECT_FALSE(back.ranks[0].campaigns.empty());
  EXPECT_TRUE(back.ranks[1].campaigns.empty()) << "rank 1's campaigns are only in its journal";
  expect_reported_alike(root);
  const hid_t f = H5Fopen(root.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT);
  ASSERT_GE(f, 0);
  EXPECT_GT(H5Lexists(f, "/campaigns/vecadd/kneedle/rank0", H5P_DEFAULT), 0);
  EXPECT_EQ(H5Lexists(f, "/campaigns/vecadd/kneedle/rank1", H5P_DEFAULT), 0);
  H5Fclose(f);
}

TEST(Parts, APartThatIsNoRegularFileIsRefusedBeforeItIsOpened) {
  testing::ScratchDir scratch;
  const std::string root = write_run_file(scratch.path("run"), testing::sample_run_info(), testing::sample_ranks(), kSettings);
  const std::string fifo = scratch.path("fifo");
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  const std::string part = scratch.path("run/parts/rank0.h5");
  std::filesystem::remove(part);
  std::filesystem::create_symlink(fifo, part);  // opening it would block
  try {
    read_results(root);
    ADD_FAILURE() << "a part that is a FIFO was opened";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("parts/rank0.h5', which is not a regular file"), std::string::npos) << e.what();
  }
  EXPECT_NO_THROW(read_run_summary(root));  // the root alone opens no part
}

TEST(Parts, OnlyTheLinksTheWriterMakesAreFollowed) {
  testing::ScratchDir scratch;
  const std::string root = write_run_file(scratch.path("run"), testing::sample_run_info(), testing::sample_ranks(), kSettings);
  const std::filesystem::path other = scratch.path("other.h5");
  std::filesystem::copy_file(scratch.path("run/parts/rank0.h5"), other);
  const struct {
    const char* name;
    std::string file, object;
    const char* refusal;
  } planted[] = {
      {"rank5", "../other.h5", "/campaigns/vecadd/kneedle/rank5", "only files directly in parts/"},
      {"rank6", other.string(), "/campaigns/vecadd/kneedle/rank6", "only files directly in parts/"},
      {"rank7", "parts/rank0.h5", "/campaigns/vecadd/kneedle/rank0", "only its own path"},
      {"rank8", "parts/sub/rank0.h5", "/campaigns/vecadd/kneedle/rank8", "only files directly in parts/"},
  };
  for (const auto& p : planted) {
    const std::string copy = scratch.path(std::string("run/") + p.name + ".h5");
    std::filesystem::copy_file(root, copy);
    add_external_link(copy, "/campaigns/vecadd/kneedle", p.name, p.file, p.object);
    try {
      read_results(copy);
      ADD_FAILURE() << p.name << ": a planted link was followed";
    } catch (const std::runtime_error& e) {
      EXPECT_NE(std::string(e.what()).find(p.refusal), std::string::npos) << e.what();
    }
  }
  // A link inside a part is not followed, nor one in a file of schema 2.
  const std::string part = scratch.path("run/parts/rank0.h5");
  add_external_link(part, "/campaigns/vecadd/kneedle/rank0", "repeat9", "parts/rank1.h5", "/campaigns/vecadd/kneedle/rank0/repeat9");
  EXPECT_THROW(read_results(root), std::runtime_error);
  std::filesystem::create_directories(scratch.path("single"));
  const std::string single = scratch.path("single/autobench.h5");
  write_results(single, file_content(testing::sample_run_info(), testing::sample_ranks(), {}, kSettings));
  add_external_link(single, "/campaigns/vecadd/kneedle", "rank5", "parts/rank0.h5", "/campaigns/vecadd/kneedle/rank5");
  EXPECT_THROW(read_results(single), std::runtime_error);
}

}  // namespace
}  // namespace autobench::result_file
