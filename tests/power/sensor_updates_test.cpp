#include "power/sensor_updates.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

#include "power/sim_sensor.hpp"

namespace autobench::power {
namespace {

std::vector<Sample> hand_trace(const std::vector<double>& values) {
  std::vector<Sample> trace;
  for (std::size_t i = 0; i < values.size(); ++i) {
    Sample s;
    s.t_s = static_cast<double>(i);
    s.power_instant_w = values[i];
    trace.push_back(s);
  }
  return trace;
}

// Polls `sensor` every `interval` seconds over [t0, t1], each poll moved by a uniform ±jitter.
std::vector<Sample> poll(const SimSensor& sensor, double t0, double t1, double interval, double jitter) {
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> shift(-jitter, jitter);
  std::vector<Sample> trace;
  for (int k = 0; t0 + k * interval <= t1; ++k) {
    const double t = t0 + k * interval + (jitter > 0.0 ? shift(rng) : 0.0);
    Sample s = sensor.at(t);
    s.t_s = t;
    trace.push_back(s);
  }
  return trace;
}

TEST(DetectUpdates, HandBuiltTrace) {
  const auto u = detect_updates(hand_trace({5, 5, 7, 7, 7, 9, 9, 9, 9, 4}));
  EXPECT_EQ(u.indices, (std::vector<std::size_t>{2, 5, 9}));
  EXPECT_EQ(u.times_s, (std::vector<double>{1.5, 4.5, 8.5}));
  EXPECT_DOUBLE_EQ(u.period_s, 3.5);  // median of 3 and 4
  EXPECT_DOUBLE_EQ(u.sampling_interval_s, 1.0);
}

TEST(DetectUpdates, NaNReadingsAreNeitherValuesNorChanges) {
  const auto u = detect_updates(hand_trace({5, NAN, 5, 6, NAN, NAN, 6, 8}));
  EXPECT_EQ(u.indices, (std::vector<std::size_t>{3, 7}));
  EXPECT_EQ(u.times_s, (std::vector<double>{2.5, 6.5}));
}

TEST(DetectUpdates, ConstantSensorHasNoPeriod) {
  const auto u = detect_updates(hand_trace({3, 3, 3, 3}));
  EXPECT_TRUE(u.indices.empty());
  EXPECT_TRUE(std::isnan(u.period_s));
  EXPECT_DOUBLE_EQ(u.sampling_interval_s, 1.0);
}

TEST(DetectUpdates, FindsTheSimulatedPeriodFromAJitteryPoll) {
  SimSensorConfig c;
  c.origin_s = 0.0;
  c.profile = {{0.0, 250.0}};
  c.noise_w = 2.0;  // every update publishes a new value
  c.update_period_s = 0.1;
  c.update_phase_s = 0.037;
  const SimSensor sensor(c);
  const auto u = detect_updates(poll(sensor, 0.0, 5.0, 0.01, 0.002));
  EXPECT_NEAR(u.period_s, 0.1, 0.01);  // each update time is uncertain by ± half a sampling interval
  EXPECT_NEAR(u.sampling_interval_s, 0.01, 0.001);
  EXPECT_NEAR(static_cast<double>(u.indices.size()), 50.0, 1.0);
}

TEST(DetectUpdates, AnUpdateThatRepeatsItsValueDoesNotMoveTheMedian) {
  std::vector<double> values;
  for (int update = 0; update < 30; ++update) {
    const double v = (update == 12) ? values.back() : 100.0 + update;  // update 12 repeats update 11
    for (int k = 0; k < 10; ++k) values.push_back(v);
  }
  const auto u = detect_updates(hand_trace(values));
  EXPECT_EQ(u.indices.size(), 28u);
  EXPECT_DOUBLE_EQ(u.period_s, 10.0);
}

TEST(DetectUpdates, ExaminesTheRequestedField) {
  auto trace = hand_trace({1, 1, 1, 1});
  for (std::size_t i = 0; i < trace.size(); ++i) trace[i].power_average_w = i < 2 ? 10.0 : 20.0;
  EXPECT_TRUE(detect_updates(trace).indices.empty());
  EXPECT_EQ(detect_updates(trace, &Sample::power_average_w).indices, (std::vector<std::size_t>{2}));
}

SimSensorConfig step(double from_w, double to_w, double lag_s, double noise_w) {
  SimSensorConfig c;
  c.origin_s = 0.0;
  c.profile = {{0.0, from_w}, {1.0, to_w}};
  c.update_period_s = 0.01;
  c.update_phase_s = 0.0043;
  c.lag_s = lag_s;
  c.noise_w = noise_w;
  return c;
}

TEST(StepResponseLag, MeasuresTheSimulatedLag) {
  const SimSensor sensor(step(100.0, 300.0, 0.05, 0.0));
  const double lag = step_response_lag(poll(sensor, 0.0, 3.0, 0.002, 0.0), 1.0, 3.0);
  // The step shows at the first update after 1.05 (1.0543), seen within one 2 ms sampling interval.
  EXPECT_NEAR(lag, 0.0543, 0.002);
}

TEST(StepResponseLag, WorksWithNoiseAndFallingSteps) {
  const SimSensor sensor(step(300.0, 120.0, 0.08, 3.0));
  EXPECT_NEAR(step_response_lag(poll(sensor, 0.0, 3.0, 0.002, 0.0), 1.0, 3.0), 0.08, 0.012);
}

// The load ends before the trace does (idle again afterwards, as in a real calibration run): the level
// after the step comes from the load's own second half, not from the end of the trace.
TEST(StepResponseLag, LoadPulseFollowedByIdle) {
  auto c = step(100.0, 300.0, 0.05, 1.0);
  c.profile.push_back({2.0, 100.0});
  const SimSensor sensor(c);
  EXPECT_NEAR(step_response_lag(poll(sensor, 0.0, 3.5, 0.002, 0.0), 1.0, 2.0), 0.0543, 0.002);
}

TEST(StepResponseLag, NoStepNoLag) {
  const SimSensor flat(step(200.0, 200.0, 0.05, 2.0));
  EXPECT_TRUE(std::isnan(step_response_lag(poll(flat, 0.0, 3.0, 0.002, 0.0), 1.0, 3.0)));
  const SimSensor sensor(step(100.0, 300.0, 0.05, 0.0));
  EXPECT_TRUE(std::isnan(step_response_lag(poll(sensor, 0.0, 3.0, 0.002, 0.0), 5.0, 6.0)));  // nothing after
}

}  // namespace
}  // namespace autobench::power
