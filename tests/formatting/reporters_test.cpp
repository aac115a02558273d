// The report formats behind formatting::Reporter: each writes from any ReportSource (here one in memory,
// no file) exactly what its format's functions produce, and a source's refusal reaches the caller.
#include <gtest/gtest.h>

#include <sstream>
#include <stdexcept>

#include "suite/formatting/rank_time_split.hpp"
#include "suite/formatting/report_csv.hpp"
#include "suite/formatting/report_json.hpp"
#include "suite/formatting/report_table.hpp"
#include "suite/formatting/reporters.hpp"
#include "tests/support/sample_result_file.hpp"

namespace autobench::formatting {
namespace {

// A results file held in memory; `refuse` makes results() throw as a source does for a model file.
class MemorySource final : public ReportSource {
 public:
  MemorySource(results::ResultFile file, bool details) : file_(std::move(file)), details_(details) {}
  const std::string& path() const override { return path_; }
  bool details() const override { return details_; }
  const modeling::ModelRun* model() const override { return nullptr; }
  const results::ResultFile& results() const override {
    ++reads;
    if (refuse) throw std::runtime_error("not a results file");
    return file_;
  }
  bool refuse = false;
  mutable int reads = 0;

 private:
  results::ResultFile file_;
  std::string path_ = "mem/autobench.h5";
  bool details_;
};

std::string written(const Reporter& reporter, const ReportSource& source) {
  std::ostringstream out;
  reporter.write(source, out);
  return out.str();
}

results::ResultFile with_time_split() {
  results::ResultFile file = testing::sample_result_file();
  results::RankTimeSplit split;
  split.rank = 0;
  split.cores = 2;
  split.wall_s = 3.0;
  split.gpu_timing_s = 2.0;
  file.time_splits.push_back(split);
  return file;
}

TEST(Reporters, EachFormatWritesWhatItsFunctionsProduce) {
  for (const bool details : {false, true}) {
    const MemorySource source(testing::sample_result_file(), details);
    const auto& file = source.results();
    EXPECT_EQ(written(*table_reporter(), source), report_document(file, source.path(), details).text());
    EXPECT_EQ(written(*markdown_reporter(), source), report_document(file, source.path(), details).markdown());
    EXPECT_EQ(written(*json_reporter(), source), report_json(file, source.path()).dump(2) + "\n");
    EXPECT_EQ(written(*csv_reporter(), source), report_csv(file));
  }
}

TEST(Reporters, TheJsonHoldsTheTimeSplitTheTableShows) {
  const MemorySource source(with_time_split(), false);
  const auto json = nlohmann::json::parse(written(*json_reporter(), source));
  ASSERT_EQ(json.at("time_split").size(), 1u);
  const auto& row = json["time_split"][0];
  EXPECT_EQ(row.at("rank"), 0);
  EXPECT_EQ(row.at("cores"), 2);
  EXPECT_DOUBLE_EQ(row.at("wall_s").get<double>(), 3.0);
  EXPECT_DOUBLE_EQ(row.at("gpu_timing_s").get<double>(), 2.0);
  EXPECT_DOUBLE_EQ(row.at("other_s").get<double>(), 1.0);  // wall minus the phases, as the table's "other"
  EXPECT_EQ(nlohmann::json::parse(written(*json_reporter(), MemorySource(testing::sample_result_file(), false)))
                .at("time_split"),
            nlohmann::json::array());
}

TEST(Reporters, TheJsonSaysWhyAModelHasNoConsensusAsTheTableDoes) {
  results::ResultFile file = testing::sample_result_file();
  results::ConsensusRow row;
  row.kernel = "gemm";
  row.scope = "model";
  row.model = "H100";
  row.voters = 4;
  row.knees_found = 3;
  row.agreeing = 1;
  file.consensus = {row};
  const MemorySource source(file, false);
  const auto json = nlohmann::json::parse(written(*json_reporter(), source));
  const std::string why = json.at("consensus").at(0).at("no_consensus");
  EXPECT_EQ(why, "gemm on H100: no consensus knee: the largest agreeing group is 1 of 4 sweeps (fewer than half)");
  EXPECT_NE(written(*table_reporter(), source).find(why), std::string::npos);
}

TEST(Reporters, OnlyTheTableShowsWhereEachRanksTimeWent) {
  const MemorySource source(with_time_split(), false);
  const std::string split = rank_time_split_table(source.results().time_splits);
  ASSERT_FALSE(split.empty());
  EXPECT_EQ(written(*table_reporter(), source), report_document(source.results(), source.path()).text() +
                                                     "\nWhere each rank's time went (seconds; docs/scale.md):\n" + split);
  EXPECT_EQ(written(*markdown_reporter(), source).find("Where each rank's time went"), std::string::npos);
}

TEST(Reporters, ASourcesRefusalReachesTheCallerAndNothingIsWritten) {
  MemorySource source(testing::sample_result_file(), false);
  source.refuse = true;
  for (const auto& reporter : {table_reporter(), markdown_reporter(), json_reporter(), csv_reporter()}) {
    std::ostringstream out;
    EXPECT_THROW(reporter->write(source, out), std::runtime_error);
    EXPECT_EQ(out.str(), "");
  }
  EXPECT_EQ(source.reads, 4);
}

}  // namespace
}  // namespace autobench::formatting
