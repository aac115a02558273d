// Calibration on the sim device recovers the sim's own power model: sensor update period and lag,
// the temperature slope α, and P(f) (a, f_r, k, and P_static at the fit temperature); t(f) fits; clock
// lists and ranges parse; bad settings name the value.
#include "suite/energy/calibrate.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <stdexcept>

#include "suite/backend/sim/sim_device.hpp"

namespace autobench::energy {
namespace {

using backend::sim::SimDevice;

TEST(Calibrate, ParsesClockListsAndRanges) {
  EXPECT_EQ(parse_clocks("1200,1500,1800"), (std::vector<unsigned>{1200, 1500, 1800}));
  EXPECT_EQ(parse_clocks("1000:1400:100"), (std::vector<unsigned>{1000, 1100, 1200, 1300, 1400}));
  EXPECT_EQ(parse_clocks("1000:1350:100"), (std::vector<unsigned>{1000, 1100, 1200, 1300, 1350}));
  for (const char* bad : {"", "12a0", "1000:900:10", "1000:2000", "1000:2000:0", "-5,100", "1,,2"})
    EXPECT_THROW(parse_clocks(bad), std::invalid_argument) << bad;
  CalibrateSettings s;
  s.clocks_mhz = {1000, 1100, 1200, 1300, 1400, 1400};
  try {
    check(s);
    ADD_FAILURE();
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "--clocks: 5 distinct clocks given; the P(f) fit has 4 parameters and needs at least 6 "
                           "(parameters + 2, e.g. --clocks 705:1980:255)");
  }
  s.clocks_mhz.push_back(1500);
  s.kernels = {"gemm"};
  EXPECT_NO_THROW(check(s));
  s.kernels = {"gemm", "nbody"};
  EXPECT_THROW(check(s), std::invalid_argument);
}

// Tolerances: the sensor's noise (3.5 W), its 100 ms updates and the device warming during the sweep
// limit what a calibration can recover; the bounds below hold with room for other seeds.
TEST(Calibrate, RecoversTheSimModel) {
  SimDevice d(backend::sim::model_named("H100 SXM"), {});
  CalibrateSettings s;
  s.clocks_mhz = parse_clocks("700:1980:160");
  s.temperature_s = 60;
  std::vector<std::string> lines;
  const auto wall = std::chrono::steady_clock::now();
  const auto c = calibrate(d, s, [&](const std::string& line) { lines.push_back(line); });
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - wall).count(), 20.0)
      << "sim calibration runs on simulated time";
  const auto truth = d.power();

  EXPECT_EQ(c.device_uuid, d.info().uuid);
  EXPECT_EQ(c.device_model, "H100 SXM");
  EXPECT_DOUBLE_EQ(c.reference_clock_mhz, 1980);
  EXPECT_NEAR(c.sensor_update_period_s, 0.1, 0.002);
  EXPECT_GE(c.sensor_lag_s, truth.sensor.lag_s - 0.01);
  EXPECT_LE(c.sensor_lag_s, truth.sensor.lag_s + truth.sensor.update_period_s + 0.01);

  ASSERT_TRUE(c.temperature.has_value());
  EXPECT_NEAR(c.temperature->slope_w_per_c, truth.temperature_slope_w_per_c, 0.1 * truth.temperature_slope_w_per_c);
  EXPECT_GT(c.temperature_fit.r_squared, 0.9);
  EXPECT_GT(c.temperature_c.back() - c.temperature_c.front(), 10) << "the device warmed up";

  ASSERT_EQ(c.kernels.size(), 2u);
  for (const auto& k : c.kernels) {
    SCOPED_TRACE(k.kernel);
    ASSERT_EQ(k.clock_mhz.size(), 9u);
    ASSERT_TRUE(k.power_frequency.has_value());
    ASSERT_TRUE(k.time_frequency.has_value());
    ASSERT_TRUE(k.scaling_time.has_value());
    const auto& m = *k.power_frequency;
    EXPECT_NEAR(m.dynamic_w_per_mhz, truth.full_load.dynamic_w_per_mhz, 0.05 * truth.full_load.dynamic_w_per_mhz);
    EXPECT_NEAR(m.ridge_mhz, truth.full_load.ridge_mhz, 0.1 * truth.full_load.ridge_mhz);
    EXPECT_NEAR(m.voltage_slope_per_mhz, truth.full_load.voltage_slope_per_mhz,
                0.25 * truth.full_load.voltage_slope_per_mhz);
    // P_static at the temperature the powers were moved to.
    const double static_there = truth.full_load.static_w + truth.temperature_slope_w_per_c * (k.fit_temperature_c - truth.ambient_c);
    EXPECT_NEAR(m.static_w, static_there, 10.0);
    for (double f : {700.0, 1300.0, 1980.0})
      EXPECT_NEAR(m.power_w(f) - m.power_w(700), truth.full_load.power_w(f) - truth.full_load.power_w(700),
                  0.02 * truth.full_load.power_w(f))
          << "curve shape at " << f << " MHz";
    EXPECT_GT(k.power_frequency_fit.r_squared, 0.999);
    EXPECT_GT(k.time_frequency_fit.r_squared, 0.999);
    EXPECT_NEAR(k.time_frequency->time(1000) / k.time_frequency->time(1980), 1.98, 0.05) << "compute-bound: t ~ 1/f";
    // The default t(f): the sim's compute-bound kernels scale as 1/f, so nearly all the time is W/f.
    EXPECT_GT(k.scaling_time_fit.r_squared, 0.999);
    EXPECT_LT(std::abs(k.scaling_time->fixed_s), 0.05 * k.scaling_time->time(1980));
    EXPECT_GT(k.scaling_time->work_s_mhz, 0.0);
    // Every parameter has a standard error, and the truth's P(f) shape lies within a few of them.
    for (double se : {k.power_frequency_se.static_w, k.power_frequency_se.dynamic_w_per_mhz, k.scaling_time_se.fixed_s,
                      k.scaling_time_se.work_s_mhz})
      EXPECT_TRUE(std::isfinite(se) && se > 0) << se;
    EXPECT_GE(m.static_w, 0.0);
    EXPECT_GE(m.ridge_mhz, 700.0);
    EXPECT_LE(m.ridge_mhz, 1980.0);
  }
  // The device's P(f) is one fit over both kernels: the sim's one static power, which each kernel's own
  // P_static under the joint voltage curve agrees with, each standard error at most 15 W.
  ASSERT_TRUE(c.power_frequency.has_value());
  EXPECT_EQ(c.power_frequency_kernels, c.kernels[0].kernel + "," + c.kernels[1].kernel);
  double coldest = std::min(c.kernels[0].fit_temperature_c, c.kernels[1].fit_temperature_c);
  EXPECT_NEAR(c.power_frequency->static_w,
              truth.full_load.static_w + truth.temperature_slope_w_per_c * (coldest - truth.ambient_c), 10.0);
  EXPECT_LE(c.power_frequency_se.static_w, 15.0);
  EXPECT_NEAR(c.power_frequency->ridge_mhz, truth.full_load.ridge_mhz, 0.1 * truth.full_load.ridge_mhz);
  EXPECT_TRUE(c.kernels_agree_on_static);
  for (const auto& k : c.kernels) {
    EXPECT_LE(k.static_check_se_w, 15.0) << k.kernel;
    EXPECT_NEAR(k.static_check_w, c.power_frequency->static_w, 10.0) << k.kernel;
  }
  EXPECT_DOUBLE_EQ(d.clock_mhz(), 1980) << "clocks restored";
  EXPECT_FALSE(lines.empty());
}

TEST(Calibrate, NeedsAMeterAndClocks) {
  struct Bare final : backend::Device {
    results::DeviceInfo info_{};
    const results::DeviceInfo& info() const override { return info_; }
    std::uint64_t free_memory_bytes() override { return 0; }
    std::unique_ptr<backend::Workload> prepare(const kernels::KernelSpec&, std::uint64_t) override { return nullptr; }
  } bare;
  CalibrateSettings s;
  s.clocks_mhz = parse_clocks("1000:1500:100");
  EXPECT_THROW(calibrate(bare, s), std::runtime_error);
}

}  // namespace
}  // namespace autobench::energy
