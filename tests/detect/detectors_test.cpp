// What every registered detector promises: registration, the knee of a sharp roofline, no knee on a
// straight line or on too few points, and rejection of malformed curves.
#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include <gtest/gtest.h>

#include "detect/detector.hpp"
#include "tests/detect/curves.hpp"

namespace autobench::detect {
namespace {

using testing::log_roofline;
using testing::sweep_sizes;

class EveryDetector : public ::testing::TestWithParam<std::string> {};

TEST(Registry, ListsEveryDetectorSortedWithADescription) {
  std::vector<std::string> names;
  for (const auto& e : list()) {
    names.push_back(e.name);
    EXPECT_FALSE(e.description.empty()) << e.name;
  }
  const std::vector<std::string> expected = {"dfdt",   "fitted",    "hybrid",  "kneedle",
                                             "lmethod", "menger", "multiknee", "triangle"};
  EXPECT_EQ(names, expected);
}

TEST(Registry, UnknownNameIsRejectedNamingTheKnownOnes) {
  EXPECT_FALSE(exists("elbow"));
  try {
    make("elbow");
    FAIL() << "make accepted an unknown detector";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("'elbow'"), std::string::npos);
    EXPECT_NE(std::string(e.what()).find("kneedle"), std::string::npos);
  }
}

TEST_P(EveryDetector, FindsTheCornerOfASharpRoofline) {
  for (std::size_t knee : {12u, 30u, 45u}) {
    const Knee k = make(GetParam())->find(log_roofline(60, knee));
    ASSERT_TRUE(k.index.has_value()) << "knee at " << knee;
    EXPECT_EQ(*k.index, knee);
    EXPECT_NE(std::find(k.all.begin(), k.all.end(), *k.index), k.all.end());
    EXPECT_TRUE(std::is_sorted(k.all.begin(), k.all.end()));
  }
}

TEST_P(EveryDetector, FindsNoKneeOnAStraightLineInItsXSpace) {
  Curve c{sweep_sizes(40), {}};
  for (double x : c.x) c.y.push_back(5.0 + 2.0 * std::log10(x));  // straight in log x
  EXPECT_FALSE(make(GetParam())->find(c).index.has_value());
}

TEST_P(EveryDetector, FindsNoKneeOnTooFewPointsOrAFlatCurve) {
  const auto d = make(GetParam());
  EXPECT_FALSE(d->find(Curve{}).index.has_value());
  EXPECT_FALSE(d->find(Curve{{4096.0}, {1.0}}).index.has_value());
  EXPECT_FALSE(d->find(Curve{{4096.0, 8192.0}, {1.0, 2.0}}).index.has_value());
  EXPECT_FALSE(d->find(Curve{sweep_sizes(20), std::vector<double>(20, 7.0)}).index.has_value());
}

TEST_P(EveryDetector, RejectsMalformedCurves) {
  const auto d = make(GetParam());
  EXPECT_THROW(d->find(Curve{{1.0, 2.0, 3.0}, {1.0, 2.0}}), std::invalid_argument);        // lengths differ
  EXPECT_THROW(d->find(Curve{{1.0, 3.0, 2.0, 4.0}, {1, 2, 3, 4}}), std::invalid_argument);  // x not increasing
  EXPECT_THROW(d->find(Curve{{0.0, 1.0, 2.0, 3.0}, {1, 2, 3, 4}}), std::invalid_argument);  // log of 0
  EXPECT_THROW(d->find(Curve{{1.0, 2.0, 3.0, 4.0}, {1, NAN, 3, 4}}), std::invalid_argument);
  Params linear;
  linear.x_scale = XScale::linear;
  EXPECT_NO_THROW(make(GetParam(), linear)->find(Curve{{0.0, 1.0, 2.0, 3.0}, {1, 2, 3, 3}}));
}

INSTANTIATE_TEST_SUITE_P(Detect, EveryDetector,
                         ::testing::Values("dfdt", "hybrid", "kneedle", "lmethod", "menger", "multiknee", "triangle"),
                         [](const auto& test) { return test.param; });

}  // namespace
}  // namespace autobench::detect
