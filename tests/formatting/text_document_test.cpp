// A summary document rendered as plain text and as Markdown from the same data.
#include "suite/formatting/text_document.hpp"

#include <gtest/gtest.h>

namespace autobench::formatting {
namespace {

using Align = TextTable::Align;

TextDocument sample() {
  TextTable table({{"name"}, {"n", Align::right}});
  table.add_row({"vecadd", "7"});
  return {"results: f.h5",
          {"backend: sim", "rank 2 failed: first\nsecond"},
          {{"Things (1)", table, "Errors:", {"one\ntwo"}}, {"Other: none"}, {"Quiet (1)", table, "Errors:", {}}}};
}

TEST(TextDocument, TextIndentsLaterLinesAndSeparatesSectionsByBlankLines) {
  EXPECT_EQ(sample().text(),
            "results: f.h5\n"
            "backend: sim\n"
            "rank 2 failed: first\n"
            "  second\n"
            "\n"
            "Things (1)\n"
            "name    n\n"
            "------  -\n"
            "vecadd  7\n"
            "Errors:\n"
            "  one\n"
            "    two\n"
            "\n"
            "Other: none\n"
            "\n"
            "Quiet (1)\n"
            "name    n\n"
            "------  -\n"
            "vecadd  7\n");
}

TEST(TextDocument, MarkdownHasHeadingsBulletsAndTables) {
  EXPECT_EQ(sample().markdown(),
            "# results: f.h5\n"
            "\n"
            "- backend: sim\n"
            "- rank 2 failed: first\n"
            "  second\n"
            "\n"
            "## Things (1)\n"
            "\n"
            "| name | n |\n"
            "|---|---:|\n"
            "| vecadd | 7 |\n"
            "\n"
            "Errors:\n"
            "\n"
            "- one\n"
            "  two\n"
            "\n"
            "## Other: none\n"
            "\n"
            "## Quiet (1)\n"
            "\n"
            "| name | n |\n"
            "|---|---:|\n"
            "| vecadd | 7 |\n");
}

}  // namespace
}  // namespace autobench::formatting
