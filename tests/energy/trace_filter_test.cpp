// Trace filters chosen by name: parsing (defaults, parameters, bad specs naming the value) and that each
// kind runs the power/ filter it names.
#include "suite/energy/trace_filter.hpp"

#include <gtest/gtest.h>

#include <stdexcept>
#include <vector>

#include "power/gh_filter.hpp"
#include "power/kalman_filter.hpp"
#include "power/moving_average.hpp"

namespace autobench::energy {
namespace {

TEST(TraceFilter, NamesAndDefaults) {
  EXPECT_EQ(parse_filter("none").kind, TraceFilter::Kind::none);
  EXPECT_EQ(parse_filter("maf").window, 9u);
  EXPECT_EQ(parse_filter("maf:5").window, 5u);
  EXPECT_DOUBLE_EQ(parse_filter("gh").gh.g, 0.2);
  const auto gh = parse_filter("gh:0.5");
  EXPECT_DOUBLE_EQ(gh.gh.g, 0.5);
  EXPECT_DOUBLE_EQ(gh.gh.h, 0.25 / 1.5);  // Benedict–Bordner
  EXPECT_DOUBLE_EQ(parse_filter("gh:0.5,0.1").gh.h, 0.1);
  const auto k = parse_filter("kalman:0.5,4");
  EXPECT_DOUBLE_EQ(k.kalman.process_noise, 0.5);
  EXPECT_DOUBLE_EQ(k.kalman.measurement_noise, 4.0);
  EXPECT_EQ(parse_filter("kalman:0.5,4").describe(), "kalman:0.5,4");
  EXPECT_EQ(parse_filter("maf").describe(), "maf:9");
}

TEST(TraceFilter, BadSpecsNameTheValue) {
  for (const char* spec : {"", "median", "maf:4", "maf:0", "maf:3,5", "maf:x", "gh:0", "gh:1.5", "gh:0.2,2",
                           "kalman:1", "kalman:-1,1", "kalman:0.1,0", "none:1", "kalman:1,2,3"}) {
    try {
      parse_filter(spec);
      ADD_FAILURE() << "accepted '" << spec << "'";
    } catch (const std::invalid_argument& e) {
      const std::string what = e.what();
      EXPECT_NE(what.find("--power-filter '" + std::string(spec) + "'"), std::string::npos) << what;
      EXPECT_NE(what.find("allowed: none, maf"), std::string::npos) << what;
      EXPECT_EQ(what.find('\n'), std::string::npos);
    }
  }
}

TEST(TraceFilter, EachKindRunsItsFilter) {
  const std::vector<double> trace{100, 104, 98, 130, 131, 129, 130, 90, 100, 101};
  EXPECT_EQ(parse_filter("none").apply(trace), trace);
  EXPECT_EQ(parse_filter("maf:3").apply(trace), power::moving_average(trace, 3));
  EXPECT_EQ(parse_filter("gh:0.4").apply(trace), power::gh_filter(trace, {0.4, 0.4 * 0.4 / 1.6}));
  EXPECT_EQ(parse_filter("kalman:0.1,2").apply(trace), power::kalman_filter(trace, {0.1, 2.0}));
}

}  // namespace
}  // namespace autobench::energy
