// record::Names: an enum's names read both ways from one table, and the one error for a bad name.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "record/names.hpp"

namespace autobench::record {
namespace {

enum class Colour { red, green };
constexpr auto kColourNames = names<Colour>("colour", {{Colour::red, "red"}, {Colour::green, "green"}});

TEST(Names, EveryValueRoundTripsThroughItsName) {
  static_assert(kColourNames.name(Colour::green)[0] == 'g', "names are usable at compile time");
  for (Colour c : {Colour::red, Colour::green}) EXPECT_EQ(kColourNames.value(kColourNames.name(c)), c);
  EXPECT_STREQ(kColourNames.name(Colour::red), "red");
  EXPECT_EQ(kColourNames.allowed(), "red, green");
}

TEST(Names, AnUnknownNameIsNamedWithTheAllowedOnes) {
  try {
    kColourNames.value("blue");
    FAIL() << "no exception";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "unknown colour 'blue' (allowed: red, green)");
  }
  EXPECT_THROW(kColourNames.value("Red"), std::invalid_argument) << "names are case-sensitive";
  try {
    kColourNames.value_for("--colour", "blue");
    FAIL() << "no exception";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "--colour: unknown colour 'blue' (allowed: red, green)");
  }
  EXPECT_EQ(kColourNames.value_for("--colour", "green"), Colour::green);
}

}  // namespace
}  // namespace autobench::record
