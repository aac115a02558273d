// Power windows on the sim device: the window's power matches the simulated truth, energy per launch
// from power × time and from the counter agree, efficiency is work per joule, filters keep the raw
// mean, sim windows take no wall-clock time, and a disabled window leaves the fields NaN.
#include "suite/energy/point_power.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <cmath>

#include "suite/backend/sim/sim_device.hpp"
#include "suite/autoscale/tuner.hpp"

namespace autobench::energy {
namespace {

using backend::sim::SimDevice;

struct Measured {
  results::Point point;
  WindowResult window;
};

Measured measure(SimDevice& d, const std::string& kernel, std::uint64_t n, const WindowPlan& plan) {
  const auto& k = *kernels::find(kernel);
  auto w = d.prepare(k, n);
  Measured m;
  m.point = autoscale::summarize(w->time({}, {1, 32, false}), k, n);
  m.window = run_window(*w, {}, m.point.time_mean_s, *d.power_meter(), plan);
  fill_point(m.point, m.window);
  return m;
}

TEST(PointPower, WindowMatchesTheSimulatedPower) {
  SimDevice d(backend::sim::model_named("H100 SXM"), {});
  WindowPlan plan;
  plan.sensor = d.power_meter()->timing();
  const auto m = measure(d, "gemm", 8192, plan);
  const auto& p = m.point;
  // Truth: full load at the boost clock plus leakage at the window's temperature.
  const double truth = d.power().power_w(1980, backend::sim::load_of(d.model(), *kernels::find("gemm"), 8192),
                                         p.power_temperature_c);
  EXPECT_NEAR(p.power_w, truth, 0.01 * truth);
  EXPECT_GT(p.power_w, 500);
  EXPECT_DOUBLE_EQ(p.power_filtered_w, p.power_w) << "filter none";
  // Derived window: 3 sensor periods (100 ms) of load plus one sampling interval; the span between the
  // first and last sensor update inside it holds 2 or 3 whole periods.
  const double span = m.window.window.end_s - m.window.window.start_s;
  EXPECT_TRUE(std::abs(span - 0.2) < 1e-9 || std::abs(span - 0.3) < 1e-9) << span;
  EXPECT_DOUBLE_EQ(p.power_window_s, span);
  EXPECT_FALSE(m.window.window.from_counter) << "the counter is read at the window's edges only";
  EXPECT_TRUE(std::isfinite(m.window.window.counter_power_w));
  EXPECT_GE(p.power_updates, 2);
  EXPECT_GE(p.power_samples, 20);
  const double load = m.window.load_end_s - m.window.load_start_s;
  EXPECT_NEAR(load, 0.31, 0.011);
  EXPECT_NEAR(static_cast<double>(p.power_launches) * p.time_mean_s, load, 0.03 * load);
  EXPECT_NEAR(p.energy_instant_j, p.power_w * load / static_cast<double>(p.power_launches), 1e-12);
  EXPECT_DOUBLE_EQ(p.energy_j, p.energy_counter_j) << "the counter's energy when there is a counter";
  EXPECT_NEAR(p.energy_counter_j, p.energy_instant_j, 0.01 * p.energy_j) << "counter and power × time agree";
  EXPECT_LT(m.window.cost_s, 0.1) << "sim windows take no wall time without --sim-realtime";
  EXPECT_NEAR(p.energy_j, truth * p.time_mean_s, 0.03 * p.energy_j);
  EXPECT_NEAR(p.efficiency, kernels::find("gemm")->work(8192) * 1e-9 / p.energy_j, 1e-9 * p.efficiency);
  EXPECT_NEAR(p.power_sm_clock_mhz, 1980, 1e-9);
  EXPECT_TRUE(std::isnan(p.power_corrected_w));
}

TEST(PointPower, SmallLaunchesDrawLessPowerAndWorkLessPerJoule) {
  SimDevice d(backend::sim::model_named("H100 SXM"), {});
  WindowPlan plan;
  plan.sensor = d.power_meter()->timing();
  const auto small = measure(d, "vecadd", 1 << 14, plan).point;
  const auto large = measure(d, "vecadd", 1 << 26, plan).point;
  EXPECT_LT(small.power_w, 0.5 * large.power_w);
  EXPECT_LT(small.efficiency, 0.1 * large.efficiency);
  EXPECT_GT(small.power_launches, large.power_launches);
}

TEST(PointPower, FilteredMeanStaysNearTheRawMean) {
  SimDevice d(backend::sim::model_named("RTX 4000 Ada"), {});
  WindowPlan plan;
  plan.sensor = d.power_meter()->timing();
  for (const char* spec : {"maf", "gh", "kalman:0.01,1"}) {
    plan.filter = parse_filter(spec);
    const auto m = measure(d, "fp32", 1 << 22, plan);
    const auto& p = m.point;
    EXPECT_NEAR(p.power_filtered_w, p.power_w, 0.01 * p.power_w) << spec;
    EXPECT_NE(p.power_filtered_w, p.power_w) << spec << " filtered something";
    const double load = m.window.load_end_s - m.window.load_start_s;
    EXPECT_NEAR(p.energy_instant_j, p.power_filtered_w * load / static_cast<double>(p.power_launches), 1e-12);
  }
}

TEST(PointPower, DisabledWindowsLeaveTheFieldsNaN) {
  SimDevice d(backend::sim::model_named("H100 SXM"), {});
  auto w = d.prepare(*kernels::find("vecadd"), 1 << 20);
  results::Point p;
  p.time_mean_s = 1e-5;
  PointPower off(d.power_meter(), {0.0, "none", 0.01, ""});
  EXPECT_FALSE(off.enabled());
  off.measure(*w, {}, p);
  PointPower no_sensor(nullptr, {});
  EXPECT_FALSE(no_sensor.enabled());
  no_sensor.measure(*w, {}, p);
  EXPECT_TRUE(std::isnan(p.power_w));
  EXPECT_TRUE(std::isnan(p.energy_j));
  EXPECT_TRUE(std::isnan(p.efficiency));
  EXPECT_EQ(p.power_launches, 0);
  EXPECT_DOUBLE_EQ(d.now_s(), 0.0) << "nothing ran";
}

TEST(PointPower, SettingsAreChecked) {
  EXPECT_THROW(PointPower(nullptr, {-0.5, "none", 0.01, ""}), std::invalid_argument);
  EXPECT_THROW(PointPower(nullptr, {1.0, "none", 0.0, ""}), std::invalid_argument);
  EXPECT_THROW(PointPower(nullptr, {1.0, "median", 0.01, ""}), std::invalid_argument);
  EXPECT_THROW(PointPower(nullptr, {1.0, "none", 2.0, ""}), std::invalid_argument) << "interval above 1 s";
  EXPECT_THROW(PointPower(nullptr, {61.0, "none", 0.01, ""}), std::invalid_argument) << "window above 60 s";
  EXPECT_THROW(PointPower(nullptr, {1.0, "none", 0.01, "", "some"}), std::invalid_argument);
  EXPECT_NO_THROW(PointPower(nullptr, {kDerivedWindow, "none", 0.01, "", "knee"}));
  try {
    check(PowerSettings{-5e-3, "none", 0.01, ""});
    ADD_FAILURE();
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "--power-window-ms -5 is not allowed: must be in [0, 60000] (0 disables power windows; "
                           "leave it out for a window derived from the sensor)");
  }
  try {
    check(PowerSettings{1.0, "none", 0.01, "/nonexistent/cal.json"});
    ADD_FAILURE();
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("--calibration /nonexistent/cal.json: no such file"), std::string::npos);
  }
}

}  // namespace
}  // namespace autobench::energy
