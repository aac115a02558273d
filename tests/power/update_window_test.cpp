// Power from the sensor's own updates: a load between idle stretches, seen through a simulated sensor
// with 100 ms updates and lag; the counter gives the load's power exactly, the span holds whole periods
// inside the load, and too short a load is not covered.
#include "power/update_window.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <vector>

#include "power/counter_edges.hpp"
#include "power/sim_sensor.hpp"

namespace autobench::power {
namespace {

// Idle 100 W until 1.0 s, load 400 W until load_end + lag + 10 ms (the lead-out of a power window), then
// idle; polled every 4 ms until load_end + 0.3 s.
std::vector<Sample> trace(double load_end, double lag, double phase, double noise_w = 0.0) {
  SimSensorConfig c;
  c.noise_w = noise_w;
  c.origin_s = 0.0;
  c.profile = {{0.0, 100.0}, {1.0, 400.0}, {load_end + lag + 0.01, 100.0}};
  c.lag_s = lag;
  c.update_phase_s = phase;
  const SimSensor sensor(c);
  std::vector<Sample> out;
  for (double t = 0.5; t < load_end + 0.3; t += 0.004) {
    Sample s = sensor.at(t);
    s.t_s = t;
    out.push_back(s);
  }
  return out;
}

TEST(UpdateWindow, CounterPowerOfAThreePeriodLoadIsExact) {
  for (double phase : {0.0, 0.013, 0.05, 0.099}) {
    SCOPED_TRACE(phase);
    const double lag = 0.067;
    const auto w = measure_update_window(trace(1.31, lag, phase), 1.0, 1.31, {lag, 0.1, 0.004});
    ASSERT_TRUE(w.covered);
    EXPECT_TRUE(w.from_counter);
    EXPECT_GE(w.start_s, 1.0);
    EXPECT_LE(w.end_s, 1.31);
    EXPECT_GE(w.intervals, 2u);
    EXPECT_NEAR(w.end_s - w.start_s, 0.1 * static_cast<double>(w.intervals), 1e-12) << "whole periods";
    EXPECT_NEAR(w.counter_power_w, 400.0, 0.5) << "counter in whole millijoules";
    EXPECT_NEAR(w.held.mean_power_w, 400.0, 1e-9) << "instant readings inside the span all show the load";
  }
}

// Instant power shows its updates only through changes of value: with the sensor's noise each update is a new value.
TEST(UpdateWindow, InstantPowerWhenThereIsNoCounter) {
  auto t = trace(1.31, 0.03, 0.02, 2.0);
  for (auto& s : t) s.energy_j = numerics::kNaN;
  const auto w = measure_update_window(t, 1.0, 1.31, {0.03, 0.1, 0.004});
  ASSERT_TRUE(w.covered);
  EXPECT_FALSE(w.from_counter);
  EXPECT_TRUE(std::isnan(w.counter_power_w));
  EXPECT_GE(w.intervals, 2u);
  EXPECT_NEAR(w.held.mean_power_w, 400.0, 4.0) << "2 or 3 readings of 2 W noise";
}

// A sampled meter reads the counter only at the window's edges (counter_edges.hpp): the first update
// after the load's start plus lag and margin, and the last reading. The counter's difference over the
// updates those two readings show is the load's power; the instant readings still give the held mean.
TEST(UpdateWindow, CounterReadOnlyAtTheEdgesGivesTheLoadsPower) {
  for (double phase : {0.0, 0.013, 0.05, 0.099}) {
    SCOPED_TRACE(phase);
    const double lag = 0.067, margin = 0.004;
    auto t = trace(1.31, lag, phase, 2.0);
    std::erase_if(t, [&](const Sample& s) { return s.t_s > 1.31 + lag; });  // the meter stops at load end + lag
    keep_counter_at_edges(t, 1.0 + lag + margin);
    EXPECT_EQ(std::count_if(t.begin(), t.end(), [](const Sample& s) { return std::isfinite(s.energy_j); }), 2);
    const auto w = measure_update_window(t, 1.0, 1.31, {lag, 0.1, margin});
    ASSERT_TRUE(w.covered);
    EXPECT_FALSE(w.from_counter);
    EXPECT_NEAR(w.counter_power_w, 400.0, 0.5) << "counter in whole millijoules over whole periods";
    EXPECT_NEAR(w.held.mean_power_w, 400.0, 4.0);
  }
  // Counter readings that show no update inside the load (the first before the load) give no counter power.
  auto t = trace(1.31, 0.067, 0.0, 2.0);
  for (auto& s : t) s.energy_j = numerics::kNaN;
  t.front().energy_j = 1.0;
  t.back().energy_j = 2.0;
  EXPECT_TRUE(std::isnan(measure_update_window(t, 1.0, 1.31, {0.067, 0.1, 0.004}).counter_power_w));
}

TEST(UpdateWindow, ALoadShorterThanAPeriodIsNotCovered) {
  const auto w = measure_update_window(trace(1.05, 0.0, 0.07), 1.0, 1.05, {0.0, 0.1, 0.004});
  EXPECT_FALSE(w.covered);
  EXPECT_TRUE(std::isnan(w.counter_power_w));
  EXPECT_THROW(measure_update_window(trace(1.05, 0.0, 0.0), 1.0, 1.0), std::invalid_argument);
}

}  // namespace
}  // namespace autobench::power
