// `report --format`'s table: the formats in order with their help (as --help has always worded it), a
// reporter for each, and the command accepting exactly the table's names.
#include <gtest/gtest.h>

#include <CLI/CLI.hpp>

#include "suite/cli/commands.hpp"
#include "suite/cli/report_formats.hpp"

namespace autobench::cli {
namespace {

TEST(ReportFormats, TheTableNamesEveryFormatWithItsReporter) {
  std::vector<std::string> names;
  for (const auto& format : report_formats()) {
    names.push_back(format.name);
    EXPECT_NE(format.make(), nullptr) << format.name;
    EXPECT_EQ(find_report_format(format.name), &format);
  }
  EXPECT_EQ(names, (std::vector<std::string>{"table", "markdown", "json", "csv", "html"}));
  EXPECT_EQ(find_report_format("pdf"), nullptr);
  EXPECT_EQ(report_formats_help(),
            "table (aligned columns), markdown (the same tables in GitHub Markdown), json (structure documented in "
            "docs/output.md), csv (one row per campaign) or html (one self-contained page with figures, needs "
            "python3 with matplotlib and h5py: docs/html.md)");
}

TEST(ReportFormats, TheCommandAcceptsTheTablesNamesAndDefaultsToTheFirst) {
  CLI::App app{"test", "autobench-mpi"};
  add_report_command(app);
  auto* format = app.get_subcommand("report")->get_option("--format");
  EXPECT_EQ(format->get_default_str(), report_formats().front().name);
  EXPECT_NE(format->get_description().find(report_formats_help()), std::string::npos);
  for (const auto& f : report_formats()) EXPECT_EQ(format->get_validator()->operator()(f.name), "") << f.name;
  EXPECT_NE(format->get_validator()->operator()("pdf"), "");
}

}  // namespace
}  // namespace autobench::cli
