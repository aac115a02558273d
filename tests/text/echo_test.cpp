// Echoed input in messages: control characters escaped, invalid UTF-8 escaped, length bounded.
#include "suite/text/echo.hpp"

#include <gtest/gtest.h>

#include <string>

namespace autobench::text {
namespace {

TEST(Echo, PlainTextAndUtf8AreKeptAndQuoted) {
  EXPECT_EQ(echo("vecadd"), "'vecadd'");
  EXPECT_EQ(echo("H100 SXM"), "'H100 SXM'");
  EXPECT_EQ(printable("Größe µs → 10"), "Größe µs → 10");
  EXPECT_EQ(echo(""), "''");
}

TEST(Echo, ControlCharactersAreShownAsHex) {
  EXPECT_EQ(printable("\x1b[2J"), "\\x1B[2J");
  EXPECT_EQ(printable("\x1b]0;title\x07"), "\\x1B]0;title\\x07");
  EXPECT_EQ(printable(std::string("a\0b", 3)), "a\\x00b");
  EXPECT_EQ(printable("tab\tnew\nline\rDEL\x7f"), "tab\\x09new\\x0Aline\\x0DDEL\\x7F");
  EXPECT_EQ(printable("\xc2\x9b" "2J"), "\\xC2\\x9B2J") << "C1 CSI (U+009B) is a control too";
  EXPECT_EQ(printable("\x9b" "2J"), "\\x9B2J") << "a lone 8-bit CSI";
  EXPECT_EQ(printable("\xff\xfe"), "\\xFF\\xFE");
  EXPECT_EQ(printable("\xe2\x82"), "\\xE2\\x82") << "a cut sequence";
  EXPECT_EQ(printable("\xc0\xaf"), "\\xC0\\xAF") << "an overlong '/'";
}

TEST(Echo, EscapingTwiceChangesNothing) {
  const std::string once = printable("\x1b[31mred\\x41");
  EXPECT_EQ(printable(once), once);
}

TEST(Echo, LongValuesAreCutWithTheirLength) {
  const std::string huge(10'000'000, '7');
  const std::string shown = echo(huge);
  EXPECT_EQ(shown, "'" + std::string(kEchoBytes, '7') + "\u2026(10000000 bytes)'");
  EXPECT_EQ(printable(std::string(50, 'x'), 10), std::string(10, 'x') + "\u2026(50 bytes)");
  EXPECT_EQ(printable(std::string(10, 'x'), 10), std::string(10, 'x'));
}

}  // namespace
}  // namespace autobench::text
