// `report --format markdown`: the table form's sections as Markdown tables, with the same values.
#include <gtest/gtest.h>

#include <regex>
#include <sstream>

#include "suite/formatting/report_table.hpp"
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

// The lines of the Markdown table right after the line `header`, up to the next blank line.
std::vector<std::string> rows_after(const std::string& markdown, const std::string& header) {
  const auto lines = lines_of(markdown);
  std::vector<std::string> rows;
  bool inside = false;
  for (const auto& line : lines) {
    if (inside && line.empty()) break;
    if (inside) rows.push_back(line);
    if (line == header) inside = true;
  }
  return rows;
}

// The cells of "| a | b |".
std::vector<std::string> cells_of_markdown(const std::string& row) {
  std::vector<std::string> cells;
  std::string rest = row.substr(2, row.size() - 4);  // without "| " and " |"
  for (std::size_t at; (at = rest.find(" | ")) != std::string::npos; rest = rest.substr(at + 3)) {
    cells.push_back(rest.substr(0, at));
  }
  cells.push_back(rest);
  return cells;
}

// The cells of an aligned-text row whose cells hold no two spaces in a row.
std::vector<std::string> cells_of_text(const std::string& row) {
  static const std::regex gap(" {2,}");
  std::string trimmed = row.substr(row.find_first_not_of(' '));
  return {std::sregex_token_iterator(trimmed.begin(), trimmed.end(), gap, -1), std::sregex_token_iterator()};
}

// A kernel's campaigns (gemm's first): unit, timing and throttled are one value for all, so in the title.
const std::string kCampaignHeader =
    "| rank | detector | rep | pts | knee | idx | size | size_95 | tput | %plat | W | work/J | ctr/int | stop | time |";

TEST(ReportMarkdown, StartsWithTheTitleAndTheRunAsBullets) {
  const auto md = report_document(sample_file(), "f.h5", true).markdown();
  EXPECT_EQ(md.substr(0, md.find("- run:")),
            "# autobench-mpi results: f.h5\n\n- backend: sim (simulated devices, not GPU measurements)\n");
  EXPECT_TRUE(contains(md, "\n- status: incomplete"));
  EXPECT_TRUE(contains(md, "\n- rank 2 (node2.cluster) could not start: cudaSetDevice failed"));
}

TEST(ReportMarkdown, DevicesTableHasARuleWithRightAlignedNumbers) {
  const auto md = report_document(sample_file(), "f.h5", true).markdown();
  EXPECT_TRUE(contains(md, "## Devices (2)\n\n"
                           "| rank | host | device | memory_GiB | power |\n"
                           "|---:|---|---|---:|---|\n"));
  EXPECT_TRUE(contains(md, "## Their cards\n\n"
                           "| rank | pci_bus | uuid | cc | SMs | driver |\n"
                           "|---:|---|---|---|---:|---|\n"));
}

TEST(ReportMarkdown, CampaignRowsHoldTheSampleValues) {
  const auto md = report_document(sample_file(), "f.h5", true).markdown();
  const auto rows = rows_after(md, kCampaignHeader);
  ASSERT_EQ(rows.size(), 1u + 4u);  // rule, gemm's 4 campaigns
  EXPECT_EQ(rows[0], "|---:|---|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|");
  EXPECT_TRUE(contains(md, "## Campaigns of gemm (4; all: unit GB/s, timing warm, throttled 1;"));
  // Rank 0, gemm, repeat 0: knee at index 3 (size 8192, time 4e-5 s): throughput 12 * 8192 / 4e-5 * 1e-9
  // = 2.4576 GB/s; knee quality 0.912...; power NaN; efficiency infinite; energy counter / integrated 4/3;
  // elapsed 12.3456...
  EXPECT_EQ(rows[1],
            "| 0 | kneedle | 0 | 7 | found | 3 | 8192 | 3000-9000 | 2.5 | 91.2% | - | inf | 1.333 | knee | 12.35 |");
  EXPECT_TRUE(contains(md, "\nErrors:\n\n- rank 1 vecadd/kneedle repeat 1: line one\n  line \"two\" \u00e9\n"
                           "- rank 1 gemm/kneedle repeat 1: line one\n  line \"two\" \u00e9\n\n## Knee stability"));
}

TEST(ReportMarkdown, EveryCampaignCellEqualsTheTableForms) {
  const auto document = report_document(sample_file(), "f.h5", true);
  const auto md_rows = rows_after(document.markdown(), kCampaignHeader);
  const auto text = lines_of(document.text());
  std::size_t header = 0;
  while (text[header].rfind("rank  detector", 0) != 0) ++header;
  for (std::size_t i = 1; i < md_rows.size(); ++i) {
    EXPECT_EQ(cells_of_markdown(md_rows[i]), cells_of_text(text[header + 1 + i])) << md_rows[i];
  }
}

TEST(ReportMarkdown, StabilityAndAgreementSections) {
  const auto file = sample_file();
  const auto md = report_document(file, "f.h5", true).markdown();
  const auto rows = rows_after(md, "| detector | group | knees | mode | mean | sd | size_med | size_iqr | within1 | "
                                   "tput_cv | size_cv | ovl95 |");  // gemm's, the first kernel's
  ASSERT_EQ(rows.size(), 1u + file.stability.size() / 2);
  EXPECT_EQ(rows[0], "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
  EXPECT_TRUE(contains(md, "\n## Detector agreement: none (no kernel, rank and repeat ran two detectors)\n"));
}

}  // namespace
}  // namespace autobench::formatting
