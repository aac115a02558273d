// Numbers for people: fixed-point with a placeholder for NaN, and values of extreme magnitude in
// significant digits rather than 300 digits or a made-up 0.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "suite/formatting/number_text.hpp"

namespace f = autobench::formatting;

TEST(FixedOr, FixedPointWithAPlaceholderForNaN) {
  EXPECT_EQ(f::fixed_or(309.0555, 2, "-"), "309.06");
  EXPECT_EQ(f::fixed_or(0.0, 1, "-"), "0.0");
  EXPECT_EQ(f::fixed_or(std::nan(""), 1, "n/a"), "n/a");
  EXPECT_EQ(f::fixed_or(1e14, 0, "-"), "100000000000000");
}

TEST(FixedOr, ExtremeMagnitudesKeepTheirDigits) {
  EXPECT_EQ(f::fixed_or(1.0486e300, 1, "-"), "1.049e+300");
  EXPECT_EQ(f::fixed_or(-1.0486e300, 1, "-"), "-1.049e+300");
  EXPECT_EQ(f::fixed_or(1.0486e-300, 2, "-"), "1.049e-300");
  EXPECT_EQ(f::fixed_or(4.9e-324, 2, "-"), "4.941e-324");
  EXPECT_EQ(f::fixed_or(std::numeric_limits<double>::infinity(), 2, "-"), "inf");
}
