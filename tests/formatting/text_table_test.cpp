// Tables as aligned plain text (UTF-8 counted as characters, no trailing spaces) and as Markdown.
#include "suite/formatting/text_table.hpp"

#include <gtest/gtest.h>

#include <stdexcept>

namespace autobench::formatting {
namespace {

using Align = TextTable::Align;

TEST(TextTable, AlignsLeftAndRightColumns) {
  TextTable t({{"name"}, {"n", Align::right}, {"note"}});
  t.add_row({"vecadd", "7", "ok"});
  t.add_row({"gemm", "1234", ""});
  EXPECT_EQ(t.str(),
            "name       n  note\n"
            "------  ----  ----\n"
            "vecadd     7  ok\n"
            "gemm    1234\n");
}

TEST(TextTable, CountsUtf8CharactersNotBytes) {
  TextTable t({{"a"}, {"b"}});
  t.add_row({"caf\u00e9", "x"});
  t.add_row({"tea", "y"});
  EXPECT_EQ(t.str(),
            "a     b\n"
            "----  -\n"
            "caf\u00e9  x\n"
            "tea   y\n");
}

TEST(TextTable, RendersMarkdownWithRightAlignedColumnsMarked) {
  TextTable t({{"name"}, {"n", Align::right}, {"note"}});
  t.add_row({"vecadd", "7", "a|b"});
  t.add_row({"gemm", "1234", ""});
  EXPECT_EQ(t.markdown(),
            "| name | n | note |\n"
            "|---|---:|---|\n"
            "| vecadd | 7 | a\\|b |\n"
            "| gemm | 1234 |  |\n");
}

TEST(TextTable, ControlCharactersInCellsAndHeadersAreEscaped) {
  TextTable t({{"h\x1b[31m"}, {"b"}});
  t.add_row({"host\x1b]0;pwned\x07", "2026\nFAKE: verified"});
  const std::string text = t.str() + t.markdown();
  EXPECT_EQ(text.find('\x1b'), std::string::npos) << text;
  EXPECT_EQ(text.find('\x07'), std::string::npos) << text;
  EXPECT_EQ(text.find("\nFAKE"), std::string::npos) << "a newline in a cell forged a line: " << text;
  EXPECT_NE(text.find("host\\x1B]0;pwned\\x07"), std::string::npos) << text;
  EXPECT_NE(text.find("2026\\x0AFAKE: verified"), std::string::npos) << text;
  EXPECT_NE(text.find("h\\x1B[31m"), std::string::npos) << text;
}

TEST(TextTable, ARowMustHaveOneCellPerColumn) {
  TextTable t({{"a"}, {"b"}});
  EXPECT_THROW(t.add_row({"only one"}), std::invalid_argument);
}

}  // namespace
}  // namespace autobench::formatting
