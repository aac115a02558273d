// `report --format csv`: header, one row per campaign, values in full, NaN as empty, RFC 4180 quoting.
#include "suite/formatting/report_csv.hpp"

#include <gtest/gtest.h>

#include <fmt/format.h>

#include <sstream>

#include "suite/formatting/csv_line.hpp"
#include "tests/support/error_text.hpp"
#include "tests/support/sample_result_file.hpp"

namespace autobench::formatting {
namespace {

using testing::contains;

results::ResultFile sample_file() { return testing::sample_result_file(); }

std::vector<std::string> lines_of(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

TEST(ReportCsv, HeaderThenOneRowPerCampaign) {
  const auto lines = lines_of(report_csv(sample_file()));
  ASSERT_EQ(lines.size(), 1u + 8u);
  EXPECT_EQ(lines[0],
            "rank,device,kernel,detector,repeat,points,knee,index,size,size_95,throughput,unit,of_plateau,power_W,"
            "work/J,ctr/int,timing,throttled,stop,elapsed_s,device_uuid");
}

TEST(ReportCsv, QuotesFieldsWithQuotesAndWritesNaNAsEmpty) {
  const auto file = sample_file();
  const auto lines = lines_of(report_csv(file));
  // Rank 0, vecadd, repeat 0: the device name holds double quotes; the throughput at the knee in full
  // (12 * 8192 / 4e-5 * 1e-9 = 2.4576 up to rounding); power NaN (empty); efficiency infinite; the energy
  // counter against the integrated power 4/3 (sample_results.hpp); knee quality as a fraction.
  const double throughput = file.ranks[0].campaigns[0].points[3].throughput;
  EXPECT_NEAR(throughput, 2.4576, 1e-12);
  EXPECT_EQ(lines[1], "0,\"sim: RTX 4000 Ada \"\"model\"\" #0\",vecadd,kneedle,0,7,found,3,8192,3000-9000," +
                          fmt::format("{}", throughput) + ",GB/s,0.9123456789012345,,inf,1.3333333333333333,cold,1,knee,12.345678901234567,GPU-0000-0");
  // Rank 1, gemm, repeat 1: no knee, interrupted; knee quality NaN and power NaN are empty fields.
  EXPECT_TRUE(contains(lines[8], ",none,6,65536,"));
  EXPECT_TRUE(contains(lines[8], ",GB/s,,,inf,1.3333333333333333,warm,1,interrupted (incomplete),12.345678901234567,GPU-0000-1"));
}

TEST(ReportCsv, QuotesCommasAndLineBreaks) {
  auto file = sample_file();
  file.ranks[0].device.name = "GPU, big";
  file.ranks[0].device.uuid = "line\nbreak";
  const auto csv = report_csv(file);
  EXPECT_TRUE(contains(csv, "\n0,\"GPU, big\",vecadd,"));
  EXPECT_TRUE(contains(csv, ",\"line\nbreak\"\n"));
}

TEST(ReportCsv, FormulaCellsGetALeadingQuoteNumbersDoNot) {
  auto file = sample_file();
  file.ranks[0].device.name = "=HYPERLINK(\"http://x\",\"y\")";
  file.ranks[0].device.uuid = "@SUM(A1)";
  file.ranks[0].campaigns[0].kernel = "+cmd|' /C calc'!A0";
  const auto csv = report_csv(file);
  EXPECT_TRUE(contains(csv, "\n0,\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\",'+cmd|' /C calc'!A0,")) << csv;
  EXPECT_TRUE(contains(csv, ",'@SUM(A1)\n")) << csv;
  for (const std::string cell : {"-1.5", "-inf", "+2", "-", "=", "\tx", "\rx", "-x"})
    EXPECT_EQ(spreadsheet_safe(cell), cell == "-1.5" || cell == "-inf" || cell == "+2" ? cell : "'" + cell) << cell;
  EXPECT_EQ(spreadsheet_safe("vecadd"), "vecadd");
  EXPECT_EQ(spreadsheet_safe(""), "");
}

}  // namespace
}  // namespace autobench::formatting
