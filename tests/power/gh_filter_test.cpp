#include "power/gh_filter.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <stdexcept>
#include <vector>

namespace autobench::power {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

double stddev(const std::vector<double>& v, std::size_t from) {
  double mean = 0.0;
  for (std::size_t i = from; i < v.size(); ++i) mean += v[i];
  mean /= static_cast<double>(v.size() - from);
  double ss = 0.0;
  for (std::size_t i = from; i < v.size(); ++i) ss += (v[i] - mean) * (v[i] - mean);
  return std::sqrt(ss / static_cast<double>(v.size() - from));
}

TEST(GhFilter, HandComputedSteps) {
  // x=10,v=0 | pred 10, r 2 → x 11, v .2 | pred 11.2, r 2.8 → x 12.6, v .48
  const auto out = gh_filter(std::vector<double>{10, 12, 14}, {0.5, 0.1});
  ASSERT_EQ(out.size(), 3u);
  EXPECT_DOUBLE_EQ(out[0], 10.0);
  EXPECT_DOUBLE_EQ(out[1], 11.0);
  EXPECT_DOUBLE_EQ(out[2], 12.6);
}

TEST(GhFilter, NaNSampleOutputsThePrediction) {
  // x=10 | NaN: pred 10 | pred 10, r 4 → x 12
  const auto out = gh_filter(std::vector<double>{10, kNaN, 14}, {0.5, 0.1});
  EXPECT_DOUBLE_EQ(out[1], 10.0);
  EXPECT_DOUBLE_EQ(out[2], 12.0);
}

TEST(GhFilter, LeadingNaNStaysNaN) {
  const auto out = gh_filter(std::vector<double>{kNaN, 5, 5});
  EXPECT_TRUE(std::isnan(out[0]));
  EXPECT_DOUBLE_EQ(out[1], 5.0);
  EXPECT_DOUBLE_EQ(out[2], 5.0);
}

TEST(GhFilter, TracksARampWithoutSteadyStateError) {
  std::vector<double> ramp;
  for (int i = 0; i < 300; ++i) ramp.push_back(100.0 + 0.5 * i);
  const auto out = gh_filter(ramp);
  EXPECT_NEAR(out.back(), ramp.back(), 1e-6);
}

TEST(GhFilter, ReducesNoiseOnAConstantLevel) {
  std::mt19937 rng(7);
  std::normal_distribution<double> noise(0.0, 5.0);
  std::vector<double> trace;
  for (int i = 0; i < 2000; ++i) trace.push_back(200.0 + noise(rng));
  const auto out = gh_filter(trace);
  EXPECT_LT(stddev(out, 100), 0.5 * stddev(trace, 100));
}

TEST(GhFilter, DefaultsAreBenedictBordner) {
  const GhOptions o;
  EXPECT_DOUBLE_EQ(o.g, 0.2);
  EXPECT_NEAR(o.h, 0.04 / 1.8, 1e-15);
}

TEST(GhFilter, RejectsGainsOutsideTheStableRange) {
  const std::vector<double> trace{1, 2};
  EXPECT_THROW(gh_filter(trace, {0.0, 0.1}), std::invalid_argument);
  EXPECT_THROW(gh_filter(trace, {1.5, 0.1}), std::invalid_argument);
  EXPECT_THROW(gh_filter(trace, {0.5, -0.1}), std::invalid_argument);
  EXPECT_THROW(gh_filter(trace, {0.5, 2.0}), std::invalid_argument);
}

}  // namespace
}  // namespace autobench::power
