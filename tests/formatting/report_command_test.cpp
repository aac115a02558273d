// The `report` subcommand: table, Markdown, JSON and CSV output of a written file; missing or foreign
// files are usage errors naming the file; an unknown format is refused by the parser.
#include <gtest/gtest.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "suite/cli/commands.hpp"
#include "suite/cli/errors.hpp"
#include "suite/stats/stability.hpp"
#include "suite/result_file/file_content.hpp"
#include "suite/result_file/result_writer.hpp"
#include "tests/support/error_text.hpp"
#include "tests/support/scratch.hpp"
#include "tests/results/sample_results.hpp"

namespace autobench::cli {
namespace {

using testing::contains;

// Runs `autobench-mpi report ARGS...` and returns what it printed on stdout.
std::string report(std::vector<std::string> args) {
  CLI::App app{"test", "autobench-mpi"};
  add_report_command(app);
  args.insert(args.begin(), {"autobench-mpi", "report"});
  std::vector<const char*> argv;
  for (const auto& a : args) argv.push_back(a.c_str());
  std::ostringstream out;
  auto* old = std::cout.rdbuf(out.rdbuf());
  try {
    app.parse(static_cast<int>(argv.size()), argv.data());
  } catch (...) {
    std::cout.rdbuf(old);
    throw;
  }
  std::cout.rdbuf(old);
  return out.str();
}

class ReportCommand : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto ranks = testing::sample_ranks();
    result_file::write_results(path_, result_file::file_content(testing::sample_run_info(), ranks, stats::stability_of_complete(ranks), "{}"));
  }
  testing::ScratchDir scratch_;
  std::string path_ = scratch_.path("autobench.h5");
};

TEST_F(ReportCommand, PrintsTheAnswerByDefaultAndTheRestWithDetails) {
  const auto text = report({path_});
  EXPECT_TRUE(contains(text, "backend: sim (simulated devices, not GPU measurements)"));
  EXPECT_TRUE(contains(text, "Answer: consensus knee"));
  EXPECT_FALSE(contains(text, "Campaigns of gemm ("));
  const auto details = report({path_, "--details"});
  EXPECT_TRUE(contains(details, "Campaigns of gemm (4;"));
  EXPECT_TRUE(contains(details, "Campaigns of vecadd (4;"));
  EXPECT_TRUE(contains(details, "Knee stability"));
}

TEST_F(ReportCommand, FiltersNarrowTheReport) {
  const auto j = nlohmann::json::parse(report({path_, "--format", "json", "--kernel", "gemm", "--rank", "1"}));
  EXPECT_EQ(j["campaigns"].size(), 2u);
  for (const auto& c : j["campaigns"]) EXPECT_EQ(c["kernel"], "gemm");
  EXPECT_EQ(nlohmann::json::parse(report({path_, "--format", "json", "--detector", "kneedle"}))["campaigns"].size(), 8u);
  EXPECT_EQ(testing::error_of<UsageError>([&] { report({path_, "--kernel", "fft"}); }),
            "report: --kernel 'fft' is not in this file (kernels: gemm, vecadd)");
  EXPECT_TRUE(contains(testing::error_of<UsageError>([&] { report({path_, "--rank", "5"}); }), "ranks: 0, 1, 2"));
}

TEST_F(ReportCommand, PrintsJsonOnRequest) {
  const auto j = nlohmann::json::parse(report({path_, "--format", "json"}));
  EXPECT_EQ(j["file"], path_);
  EXPECT_EQ(j["backend"], "sim");
  EXPECT_EQ(j["campaigns"].size(), 8u);
}

TEST_F(ReportCommand, PrintsMarkdownOnRequest) {
  const auto text = report({path_, "--format", "markdown", "--details"});
  EXPECT_EQ(text.substr(0, text.find('\n')), "# autobench-mpi results: " + path_);
  EXPECT_TRUE(contains(text, "\n## Campaigns of gemm (4;"));
  EXPECT_TRUE(contains(text, "\n|---:|---|---:|---:|---|"));  // rank, detector, rep, pts, knee
}

TEST_F(ReportCommand, PrintsCsvOnRequest) {
  const auto text = report({path_, "--format", "csv"});
  EXPECT_EQ(text.substr(0, text.find(',')), "rank");
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 1 + 8);
}

TEST_F(ReportCommand, AMissingFileIsAUsageErrorNamingIt) {
  const auto missing = scratch_.path("nope.h5");
  EXPECT_TRUE(contains(testing::error_of<UsageError>([&] { report({missing}); }), missing + ": no such file"));
}

TEST_F(ReportCommand, AFileThatIsNotResultsIsAUsageErrorNamingIt) {
  const auto text = scratch_.path("notes.txt");
  std::ofstream(text) << "hello\n";
  EXPECT_TRUE(contains(testing::error_of<UsageError>([&] { report({text}); }), text));
}

TEST_F(ReportCommand, AnUnknownFormatIsRefused) { EXPECT_THROW(report({path_, "--format", "xml"}), CLI::ParseError); }

TEST_F(ReportCommand, TheFileIsRequired) { EXPECT_THROW(report({}), CLI::ParseError); }

}  // namespace
}  // namespace autobench::cli
