// What the safe standard streams print: lines and tabs kept, every other control character escaped, UTF-8
// kept even when a write splits a character, invalid bytes escaped.
#include "suite/text/safe_streams.hpp"

#include <gtest/gtest.h>

#include <string>

namespace autobench::text {
namespace {

std::string safe(const std::string& text) {
  std::string pending;
  std::string out = safe_for_terminal(text, pending);
  EXPECT_EQ(pending, "") << "held back at the end: " << text;
  return out;
}

TEST(SafeStreams, LinesTabsAndUtf8PassControlsAreEscaped) {
  EXPECT_EQ(safe("knee\t8192\nGröße µs → 10\n"), "knee\t8192\nGröße µs → 10\n");
  EXPECT_EQ(safe("host \x1b]0;pwned\x07 \x1b[2J\r\n"), "host \\x1B]0;pwned\\x07 \\x1B[2J\\x0D\n");
  EXPECT_EQ(safe("C1 \u009b2J, DEL \x7f, bad \xff\n"), "C1 \\xC2\\x9B2J, DEL \\x7F, bad \\xFF\n");
  EXPECT_EQ(safe(std::string("a\0b\n", 4)), "a\\x00b\n");
}

TEST(SafeStreams, ACharacterSplitAcrossWritesIsKeptWhole) {
  const std::string arrow = "\u2192";  // 3 bytes
  std::string pending;
  EXPECT_EQ(safe_for_terminal("a " + arrow.substr(0, 2), pending), "a ");
  EXPECT_EQ(pending, arrow.substr(0, 2));
  EXPECT_EQ(safe_for_terminal(arrow.substr(2) + " b\n", pending), arrow + " b\n");
  EXPECT_EQ(pending, "");
  // A split C1 control stays a control once whole: escaped.
  EXPECT_EQ(safe_for_terminal("x\xc2", pending), "x");
  EXPECT_EQ(safe_for_terminal("\x9b\n", pending), "\\xC2\\x9B\n");
}

}  // namespace
}  // namespace autobench::text
