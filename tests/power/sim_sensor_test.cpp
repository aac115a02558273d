#include "power/sim_sensor.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>

namespace autobench::power {
namespace {

SimSensorConfig step_config() {
  SimSensorConfig c;
  c.origin_s = 0.0;
  c.profile = {{0.0, 100.0}, {1.0, 300.0}};
  c.update_period_s = 0.1;
  c.average_window_s = 1.0;
  return c;
}

TEST(SimSensor, ShowsTheValuePublishedAtTheLastUpdate) {
  const SimSensor s(step_config());
  EXPECT_DOUBLE_EQ(s.at(0.95).power_instant_w, 100.0);  // last update 0.9
  EXPECT_DOUBLE_EQ(s.at(1.05).power_instant_w, 300.0);  // last update 1.0
  EXPECT_DOUBLE_EQ(s.at(1.09).power_instant_w, 300.0);
}

TEST(SimSensor, LagDelaysWhatTheSensorShows) {
  auto c = step_config();
  c.lag_s = 0.05;
  const SimSensor s(c);
  EXPECT_DOUBLE_EQ(s.at(1.05).power_instant_w, 100.0);  // update 1.0 shows the power at 0.95
  EXPECT_DOUBLE_EQ(s.at(1.12).power_instant_w, 300.0);  // update 1.1 shows the power at 1.05
}

TEST(SimSensor, AveragedPowerAndEnergyCounter) {
  const SimSensor s(step_config());
  const Sample r = s.at(1.55);  // update 1.5: window [0.5, 1.5] is half 100 W, half 300 W
  EXPECT_NEAR(r.power_average_w, 200.0, 1e-9);
  EXPECT_NEAR(s.at(2.05).energy_j, 100.0 + 300.0, 1e-9);  // ∫ over [0, 2.0]
  EXPECT_NEAR(s.true_energy_j(0.5, 1.5), 200.0, 1e-9);
  EXPECT_DOUBLE_EQ(s.at(-0.5).energy_j, 0.0);  // the counter starts at the origin
  EXPECT_DOUBLE_EQ(s.true_power_w(-3.0), 100.0);
}

TEST(SimSensor, EnergyCounterHasMillijouleResolution) {
  SimSensorConfig c;
  c.origin_s = 0.0;
  c.profile = {{0.0, 0.0015}};  // 1.5 mW
  c.update_period_s = 1.0;
  const SimSensor s(c);
  EXPECT_DOUBLE_EQ(s.at(1.5).energy_j, 0.001);  // 1.5 mJ after 1 s, truncated
}

TEST(SimSensor, NoiseIsSeededAndFixedPerUpdate) {
  auto c = step_config();
  c.noise_w = 5.0;
  c.seed = 42;
  const SimSensor a(c), b(c);
  EXPECT_DOUBLE_EQ(a.at(0.31).power_instant_w, a.at(0.39).power_instant_w);  // same update
  EXPECT_NE(a.at(0.31).power_instant_w, a.at(0.41).power_instant_w);         // next update
  EXPECT_DOUBLE_EQ(a.at(0.71).power_instant_w, b.at(0.71).power_instant_w);  // same seed
  c.seed = 43;
  const SimSensor other(c);
  EXPECT_NE(a.at(0.71).power_instant_w, other.at(0.71).power_instant_w);
}

TEST(SimSensor, NoiseHasTheConfiguredSpread) {
  auto c = step_config();
  c.profile = {{0.0, 200.0}};
  c.noise_w = 3.0;
  const SimSensor s(c);
  double sum = 0.0, ss = 0.0;
  const int n = 5000;
  for (int k = 0; k < n; ++k) {
    const double v = s.at(0.1 * k + 0.05).power_instant_w - 200.0;
    sum += v;
    ss += v * v;
  }
  EXPECT_NEAR(sum / n, 0.0, 0.2);            // standard error 3/√5000 ≈ 0.04
  EXPECT_NEAR(std::sqrt(ss / n), 3.0, 0.15);
}

TEST(SimSensor, ReportsConfiguredClocksAndTemperature) {
  auto c = step_config();
  c.sm_clock_mhz = 1755;
  c.mem_clock_mhz = 2619;
  c.temperature_c = 61;
  const Sample r = SimSensor(c).at(0.5);
  EXPECT_DOUBLE_EQ(r.sm_clock_mhz, 1755);
  EXPECT_DOUBLE_EQ(r.mem_clock_mhz, 2619);
  EXPECT_DOUBLE_EQ(r.temperature_c, 61);
  EXPECT_TRUE(std::isnan(r.t_s));  // the sampler stamps time
}

TEST(SimSensor, ReadUsesTheSteadyClockFromConstruction) {
  SimSensorConfig c;
  c.profile = {{0.0, 123.0}, {3600.0, 999.0}};
  SimSensor s(c);
  EXPECT_NEAR(s.config().origin_s, steady_seconds(), 1.0);
  EXPECT_DOUBLE_EQ(s.read().power_instant_w, 123.0);
}

TEST(SimSensor, RejectsBadConfigurations) {
  SimSensorConfig c;
  c.profile = {};
  EXPECT_THROW(SimSensor{c}, std::invalid_argument);
  c.profile = {{1.0, 1.0}, {0.0, 2.0}};
  EXPECT_THROW(SimSensor{c}, std::invalid_argument);
  c.profile = {{0.0, 1.0}};
  c.update_period_s = 0.0;
  EXPECT_THROW(SimSensor{c}, std::invalid_argument);
  c.update_period_s = 0.1;
  c.average_window_s = -1.0;
  EXPECT_THROW(SimSensor{c}, std::invalid_argument);
}

}  // namespace
}  // namespace autobench::power
