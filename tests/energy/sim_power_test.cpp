// The sim backend's power: the model's numbers, the simulated meter (update period, no wall-clock time),
// the clock backend (locks change timing and power; ClockLock restores the boost clock).
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>

#include "power/io/clock_lock.hpp"
#include "power/sensor_updates.hpp"
#include "suite/backend/sim/sim_device.hpp"

namespace autobench::backend::sim {
namespace {

SimDevice h100() { return SimDevice(model_named("H100 SXM"), SimOptions{}); }

TEST(SimPower, ModelFollowsTheLimitAndBoostClock) {
  const auto p = power_model(model_named("H100 SXM"));
  EXPECT_DOUBLE_EQ(p.full_load.static_w, 70.0);
  EXPECT_NEAR(p.full_load.power_w(1980), 70.0 + 490.0, 1e-9);  // 10 % + 70 % of 700 W
  EXPECT_NEAR(p.full_load.ridge_mhz, 1287, 1e-9);
  EXPECT_DOUBLE_EQ(p.power_w(1980, 0.0, p.ambient_c), 70.0);  // idle: static only
  EXPECT_NEAR(p.power_w(1980, 1.0, p.ambient_c + 10) - p.power_w(1980, 1.0, p.ambient_c), 7.0, 1e-9);  // α = 0.7 W/°C
  // First-order thermal response: after one time constant 1 − 1/e of the way to R_th·P above ambient.
  const double steady = p.ambient_c + p.thermal_resistance_c_per_w * 560;
  EXPECT_NEAR(p.temperature_after(p.ambient_c, 560, p.thermal_time_constant_s), steady - (steady - 30) / std::exp(1.0), 1e-9);
}

TEST(SimPower, MeterRunsOnSimulatedTimeAndShowsTheUpdatePeriod) {
  auto d = h100();
  auto& meter = *d.power_meter();
  EXPECT_EQ(meter.source(), "sim");
  const auto wall = std::chrono::steady_clock::now();
  const double t0 = meter.now_s();
  meter.start(0.01);
  meter.idle(30.0);
  const auto trace = meter.stop(meter.now_s());
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - wall).count(), 0.5)
      << "30 simulated seconds must not take real time";
  EXPECT_NEAR(meter.now_s() - t0, 30.0, 0.011);
  ASSERT_GE(trace.size(), 3000u);
  const auto updates = power::detect_updates(trace);
  EXPECT_NEAR(updates.period_s, 0.1, 1e-6);
  EXPECT_NEAR(updates.sampling_interval_s, 0.01, 1e-9);
  double mean = 0;
  for (const auto& s : trace) mean += s.power_instant_w / static_cast<double>(trace.size());
  EXPECT_NEAR(mean, d.power().power_w(1980, 0, d.temperature_c()), 1.0) << "idle power, noise averaged out";
  EXPECT_DOUBLE_EQ(trace.back().sm_clock_mhz, 1980);
}

TEST(SimPower, ClockLocksChangeTimingAndAreRestored) {
  auto d = h100();
  const auto& gemm = *kernels::find("gemm");
  auto w = d.prepare(gemm, 8192);
  const double at_boost = w->time({}, {0, 5, false}).seconds.front();
  {
    power::io::ClockLock lock(*d.clock_backend(), {990, std::nullopt});
    EXPECT_DOUBLE_EQ(d.clock_mhz(), 990);
    const auto t = w->time({}, {0, 5, false});
    EXPECT_NEAR(t.seconds.front() / at_boost, 2.0, 0.1) << "compute-bound: time ~ 1/f";
    EXPECT_DOUBLE_EQ(t.sm_clock_mhz, 990);
  }
  EXPECT_DOUBLE_EQ(d.clock_mhz(), 1980) << "restored when the lock ends";
  EXPECT_THROW(power::io::ClockLock(*d.clock_backend(), {5000, std::nullopt}), power::io::ClockError);
  EXPECT_DOUBLE_EQ(d.clock_mhz(), 1980);
}

TEST(SimPower, LoadWarmsTheDevice) {
  auto d = h100();
  const double idle = d.temperature_c();
  auto w = d.prepare(*kernels::find("gemm"), 8192);
  const double launch = w->time({}, {0, 1, false}).seconds.front();
  w->run({}, static_cast<int>(60.0 / launch));  // a minute of full load
  EXPECT_GT(d.temperature_c(), idle + 20);
  EXPECT_NEAR(d.now_s(), 60.0, 1.0);
}

}  // namespace
}  // namespace autobench::backend::sim
