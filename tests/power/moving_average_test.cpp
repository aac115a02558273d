#include "power/moving_average.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <stdexcept>
#include <vector>

namespace autobench::power {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

TEST(MovingAverage, WindowThreeTruncatesAtTheEdges) {
  const std::vector<double> trace{1, 2, 3, 4, 5};
  EXPECT_EQ(moving_average(trace, 3), (std::vector<double>{1.5, 2, 3, 4, 4.5}));
}

TEST(MovingAverage, DefaultWindowIsNine) {
  const std::vector<double> trace{0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
  const auto out = moving_average(trace);
  ASSERT_EQ(out.size(), trace.size());
  EXPECT_DOUBLE_EQ(out[0], 2.0);  // mean of 0..4
  EXPECT_DOUBLE_EQ(out[1], 2.5);  // mean of 0..5
  EXPECT_DOUBLE_EQ(out[4], 4.0);  // mean of 0..8: first full window
  EXPECT_DOUBLE_EQ(out[5], 5.0);  // mean of 1..9
  EXPECT_DOUBLE_EQ(out[9], 7.0);  // mean of 5..9
}

TEST(MovingAverage, KeepsTheInputAndItsLength) {
  const std::vector<double> trace{3, 9, 3};
  const auto copy = trace;
  const auto out = moving_average(trace, 3);
  EXPECT_EQ(trace, copy);
  EXPECT_EQ(out, (std::vector<double>{6, 5, 6}));
}

TEST(MovingAverage, WindowLongerThanTraceAveragesEverything) {
  EXPECT_EQ(moving_average(std::vector<double>{2, 4}, 9), (std::vector<double>{3, 3}));
}

TEST(MovingAverage, WindowOneCopies) {
  const std::vector<double> trace{7, -1, 2.5};
  EXPECT_EQ(moving_average(trace, 1), trace);
}

TEST(MovingAverage, SkipsNaNAndGivesNaNForAnEmptyWindow) {
  const auto out = moving_average(std::vector<double>{1, kNaN, 3, kNaN, kNaN, kNaN}, 3);
  EXPECT_DOUBLE_EQ(out[0], 1.0);
  EXPECT_DOUBLE_EQ(out[1], 2.0);
  EXPECT_DOUBLE_EQ(out[2], 3.0);
  EXPECT_DOUBLE_EQ(out[3], 3.0);
  EXPECT_TRUE(std::isnan(out[4]));
  EXPECT_TRUE(std::isnan(out[5]));
}

TEST(MovingAverage, RejectsEvenAndZeroWindows) {
  const std::vector<double> trace{1, 2, 3};
  EXPECT_THROW(moving_average(trace, 0), std::invalid_argument);
  EXPECT_THROW(moving_average(trace, 4), std::invalid_argument);
}

TEST(MovingAverage, EmptyTraceGivesEmptyOutput) { EXPECT_TRUE(moving_average(std::vector<double>{}).empty()); }

}  // namespace
}  // namespace autobench::power
