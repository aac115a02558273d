// A model's point typed as text (suite/modeling/point_spec.hpp): values in the model's parameter order,
// a constant parameter filled in when left out, and each bad item named with the option.
#include "suite/modeling/point_spec.hpp"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

namespace ab = autobench;

namespace {

std::vector<ab::model::Parameter> parameters() {
  return {ab::model::Parameter::describe("MWG", {16, 32, 64, 128}, 2),
          ab::model::Parameter::describe("VW", {4, 4, 4}, 2),  // constant
          ab::model::Parameter::describe("size", {256, 1024, 4096, 16384}, 2)};
}

ab::model::Row parse(const std::string& spec) {
  return ab::modeling::parse_point(spec, parameters(), nullptr, ab::backend::Occupancy{}, "--config");
}

std::string refusal(const std::string& spec) {
  try {
    parse(spec);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "(accepted)";
}

TEST(PointSpec, ValuesComeInTheModelsOrderWithTheConstantFilledIn) {
  EXPECT_EQ(parse("size=1024,MWG=64"), (ab::model::Row{64, 4, 1024}));
  EXPECT_EQ(parse("MWG=32,VW=4,size=256"), (ab::model::Row{32, 4, 256}));
}

TEST(PointSpec, EachBadItemIsNamedWithTheOption) {
  EXPECT_EQ(refusal("MWG=64"), "--config has no value for size (the model's parameters: MWG, VW, size)");
  EXPECT_EQ(refusal("MWG,size=1"), "--config item 'MWG' is not NAME=VALUE");
  EXPECT_EQ(refusal("MWG=x,size=1"), "--config MWG='x' is not a finite number");
  EXPECT_EQ(refusal("MWG=inf,size=1"), "--config MWG='inf' is not a finite number");
  EXPECT_EQ(refusal("MWG=1,MWG=2,size=1"), "--config names MWG twice (give each parameter once)");
  EXPECT_EQ(refusal("MWG=1,size=1,FOO=2"),
            "--config names 'FOO', which is not a parameter of the model (allowed: MWG, VW, size)");
}

}  // namespace
