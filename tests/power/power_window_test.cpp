#include "power/power_window.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>
#include <utility>
#include <vector>

#include "power/sim_sensor.hpp"

namespace autobench::power {
namespace {

// Samples at t = 0..4 s.
std::vector<Sample> hand_trace() {
  const double power[] = {100, 200, 300, 400, 500};
  const double energy[] = {0, 150, 400, 750, 1100};
  const double clock[] = {1000, 1200, 1400, 1600, 1800};
  const double temperature[] = {40, 42, 44, 46, 48};
  const std::uint64_t reasons[] = {0x1, 0x4, 0x0, 0x8, 0x0};
  std::vector<Sample> trace;
  for (int i = 0; i < 5; ++i) {
    Sample s;
    s.t_s = i;
    s.power_instant_w = power[i];
    s.energy_j = energy[i];
    s.sm_clock_mhz = clock[i];
    s.temperature_c = temperature[i];
    s.clock_event_reasons = reasons[i];
    trace.push_back(s);
  }
  return trace;
}

TEST(MeasureWindow, SampleAndHoldMeansOverTheWindow) {
  // [0.5, 2.5]: 0.5 s of 100 W, 1 s of 200 W, 0.5 s of 300 W → 400 J over 2 s.
  const auto m = measure_window(hand_trace(), 0.5, 2.5);
  EXPECT_TRUE(m.covered);
  EXPECT_DOUBLE_EQ(m.duration_s, 2.0);
  EXPECT_DOUBLE_EQ(m.mean_power_w, 200.0);
  EXPECT_DOUBLE_EQ(m.energy_from_power_j, 400.0);
  // Every sample shows a new counter value, published between it and the sample before: the updates sit
  // at 0.5 (150 J), 1.5 (400 J), 2.5 (750 J), 3.5 (1100 J), so 750 − 150.
  EXPECT_DOUBLE_EQ(m.energy_from_counter_j, 600.0);
  EXPECT_DOUBLE_EQ(m.mean_sm_clock_mhz, (0.5 * 1000 + 1200 + 0.5 * 1400) / 2.0);
  EXPECT_DOUBLE_EQ(m.mean_temperature_c, (0.5 * 40 + 42 + 0.5 * 44) / 2.0);
  EXPECT_TRUE(std::isnan(m.mean_average_power_w));  // never read
  EXPECT_TRUE(std::isnan(m.mean_mem_clock_mhz));
  EXPECT_EQ(m.clock_event_reasons, 0x5u);  // the reading in force at t0 (0x1) and the one at t=1 (0x4)
  EXPECT_EQ(m.samples, 2u);
  EXPECT_EQ(m.power_updates, 2u);
}

TEST(MeasureWindow, WindowOnSampleTimesIsExact) {
  const auto m = measure_window(hand_trace(), 1.0, 3.0);
  EXPECT_DOUBLE_EQ(m.mean_power_w, 250.0);
  EXPECT_DOUBLE_EQ(m.energy_from_counter_j, (750.0 + 1100.0) / 2 - (150.0 + 400.0) / 2);
  EXPECT_EQ(m.samples, 3u);
}

TEST(MeasureWindow, UncoveredWindowHasNoPower) {
  const auto late = measure_window(hand_trace(), 3.5, 5.0);
  EXPECT_FALSE(late.covered);
  EXPECT_TRUE(std::isnan(late.mean_power_w));
  EXPECT_TRUE(std::isnan(late.energy_from_counter_j));
  EXPECT_EQ(late.samples, 1u);
  const auto early = measure_window(hand_trace(), -1.0, 1.0);
  EXPECT_FALSE(early.covered);
  EXPECT_FALSE(measure_window(std::vector<Sample>{}, 0.0, 1.0).covered);
}

TEST(MeasureWindow, NaNReadingsAreLeftOutOfTheirMean) {
  auto trace = hand_trace();
  trace[1].power_instant_w = NAN;
  // [0, 2]: 1 s of 100 W, then a second with no reading → mean over the known second only.
  EXPECT_DOUBLE_EQ(measure_window(trace, 0.0, 2.0).mean_power_w, 100.0);
  trace[1].energy_j = NAN;
  // Updates now at 1.0 (400 J, midpoint of samples 0 and 2), 2.5 (750 J), 3.5 (1100 J).
  EXPECT_NEAR(measure_window(trace, 1.0, 2.0).energy_from_counter_j, 350.0 / 1.5, 1e-12);
  EXPECT_TRUE(std::isnan(measure_window(trace, 0.5, 2.0).energy_from_counter_j));  // before the first update
}

TEST(MeasureWindow, RejectsAnEmptyOrReversedWindow) {
  EXPECT_THROW(measure_window(hand_trace(), 2.0, 2.0), std::invalid_argument);
  EXPECT_THROW(measure_window(hand_trace(), 2.0, 1.0), std::invalid_argument);
}

// A 100 W → 300 W step at 1.0 s seen through a sensor with 50 ms lag and 10 ms updates, polled every 2 ms.
std::vector<Sample> lagged_step_trace(const SimSensor& sensor) {
  std::vector<Sample> trace;
  for (int k = 0; k <= 1500; ++k) {
    Sample s = sensor.at(0.002 * k);
    s.t_s = 0.002 * k;
    trace.push_back(s);
  }
  return trace;
}

SimSensorConfig lagged_step() {
  SimSensorConfig c;
  c.origin_s = 0.0;
  c.profile = {{0.0, 100.0}, {1.0, 300.0}};
  c.update_period_s = 0.01;
  c.update_phase_s = 0.0043;
  c.lag_s = 0.05;
  return c;
}

TEST(MeasureWindow, IgnoringTheSensorLagMisattributesTheStep) {
  const SimSensor sensor(lagged_step());
  const auto trace = lagged_step_trace(sensor);
  const auto naive = measure_window(trace, 1.0, 2.0);
  // The sensor still shows 100 W until its update at 1.0543 s: about 5 % of the window.
  EXPECT_NEAR(naive.mean_power_w, 300.0 - 200.0 * 0.0543, 0.5);
  EXPECT_LT(naive.mean_power_w, 292.0);
}

TEST(MeasureWindow, ShiftingByTheSensorLagRecoversTheTruePowerAndEnergy) {
  const SimSensor sensor(lagged_step());
  const auto trace = lagged_step_trace(sensor);
  WindowOptions options;
  options.sensor_lag_s = 0.05;
  const double t0 = 1.0, t1 = 2.0;
  const auto m = measure_window(trace, t0, t1, options);
  ASSERT_TRUE(m.covered);
  // What remains is the update granularity: a value holds for up to one 10 ms update period.
  EXPECT_NEAR(m.mean_power_w, 300.0, 200.0 * 0.01);
  EXPECT_NEAR(m.energy_from_counter_j, sensor.true_energy_j(t0, t1), 1.0);
  EXPECT_NEAR(m.energy_from_power_j, sensor.true_energy_j(t0, t1), 200.0 * 0.01);
  EXPECT_NEAR(m.mean_sm_clock_mhz, 1500.0, 1e-9);
  EXPECT_EQ(m.power_updates, 1u);  // the step is the only change
}

// The H100 energy counter steps every 100 ms. Interpolating it between raw samples (4 ms apart) would
// carry up to one 100 ms step (25 J here) of error at each end; between its updates it is exact at
// constant power, up to the ± half-sampling-interval uncertainty of each update time.
TEST(MeasureWindow, EnergyCounterIsInterpolatedBetweenItsUpdates) {
  SimSensorConfig c;
  c.origin_s = 0.0;
  c.profile = {{0.0, 250.0}};
  c.update_period_s = 0.1;
  c.update_phase_s = 0.061;
  const SimSensor sensor(c);
  std::vector<Sample> trace;
  for (int k = 0; k <= 500; ++k) {
    Sample s = sensor.at(0.004 * k);
    s.t_s = 0.004 * k;
    trace.push_back(s);
  }
  for (auto [t0, t1] : {std::pair{0.537, 1.281}, std::pair{0.3, 0.35}, std::pair{0.75, 1.9}}) {
    const auto m = measure_window(trace, t0, t1);
    EXPECT_NEAR(m.energy_from_counter_j, 250.0 * (t1 - t0), 250.0 * 0.004) << t0 << " " << t1;
    EXPECT_NEAR(m.energy_from_power_j, 250.0 * (t1 - t0), 1e-9);
  }
}

}  // namespace
}  // namespace autobench::power
