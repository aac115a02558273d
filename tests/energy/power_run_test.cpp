// End to end on the sim backend: a run stores plausible power beside every point (read back from the
// HDF5 file), `calibrate` writes a calibration file, a run with --calibration stores corrected power
// with its references, and --knee-metric efficiency runs the detectors on work per joule.
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>

#include <nlohmann/json.hpp>

#include "power/calibration.hpp"
#include "suite/result_file/result_reader.hpp"
#include "tests/support/scratch.hpp"
#include "tests/support/mpirun.hpp"

namespace autobench {
namespace {

std::string run(const std::string& command, int* status = nullptr) {
  std::string out;
  FILE* pipe = popen((command + " 2>&1").c_str(), "r");
  char buf[4096];
  while (std::size_t n = fread(buf, 1, sizeof buf, pipe)) out.append(buf, n);
  const int rc = pclose(pipe);
  if (status) *status = rc;
  else EXPECT_EQ(rc, 0) << command << "\n" << out;
  return out;
}

// The one result file under `dir`.
std::string result_in(const std::string& dir) {
  for (const auto& e : std::filesystem::recursive_directory_iterator(dir))
    if (e.path().filename() == "autobench.h5") return e.path().string();
  return "";
}

const std::string kRun = testing::mpirun(1) + " --backend sim --sim-device 'H100 SXM' --kernels gemm,vecadd "
                                              "--detectors kneedle -q";

TEST(PowerRun, EveryPointHasPlausiblePower) {
  testing::ScratchDir scratch;
  const auto wall = std::chrono::steady_clock::now();
  run(kRun + " --power-points all --power-window-ms 1000 --power-filter kalman --output " + scratch.path("r"));
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - wall).count(), 60.0)
      << "sim power windows take no real time";
  const auto file = result_file::read_results(result_in(scratch.path("r")));
  const auto settings = nlohmann::json::parse(file.settings_json);
  EXPECT_EQ(settings.at("power_window_s"), 1.0);
  EXPECT_EQ(settings.at("power_points"), "all");
  EXPECT_EQ(settings.at("power_filter"), "kalman");
  ASSERT_EQ(file.ranks.size(), 1u);
  EXPECT_EQ(file.ranks[0].device.power_sensor, "sim");
  EXPECT_EQ(file.ranks[0].device.calibration, "");
  const double limit = file.ranks[0].device.power_limit_w;
  ASSERT_EQ(file.ranks[0].campaigns.size(), 2u);
  for (const auto& c : file.ranks[0].campaigns) {
    SCOPED_TRACE(c.kernel);
    ASSERT_GE(c.points.size(), 5u);
    EXPECT_TRUE(std::isnan(c.power_reference_clock_mhz));
    for (const auto& p : c.points) {
      SCOPED_TRACE(p.size);
      EXPECT_GE(p.power_w, 0.1 * limit);
      EXPECT_LE(p.power_w, limit);
      EXPECT_NEAR(p.power_filtered_w, p.power_w, 0.02 * p.power_w);
      EXPECT_EQ(p.power_reason, "all");
      EXPECT_DOUBLE_EQ(p.energy_j, p.energy_counter_j) << "the counter's energy";
      // The counter integrates the true power; instant power carries the sim sensor's noise (3.5 W per
      // update, about 10 updates per window: 1.1 W standard error), so they agree within 5 W of mean power.
      const double per_launch = p.energy_instant_j / p.power_filtered_w;
      EXPECT_NEAR(p.energy_counter_j, p.energy_instant_j, 5.0 * per_launch);
      EXPECT_NEAR(p.efficiency, p.throughput * p.time_mean_s / p.energy_j, 1e-9 * p.efficiency);
      EXPECT_NEAR(p.power_window_s, 0.95, 0.051) << "a 1 s span between counter updates: 9 or 10 periods";
      EXPECT_GE(p.power_updates, 8);
      EXPECT_NEAR(p.power_sm_clock_mhz, 1980, 1e-9);
      EXPECT_GT(p.power_temperature_c, 30);
      EXPECT_TRUE(std::isnan(p.power_corrected_w));
    }
    EXPECT_GT(c.points.back().power_w, c.points.front().power_w) << "a full device draws more";
  }
}

// The defaults: windows only at the chosen points (sparse + around the knees), derived from the sensor;
// the policy in the file's settings and every point's reason.
// The default (consensus) on two repeats: the first sweep of each kernel gets its knee, plateau and decades,
// the second only its knee (the answer).
TEST(PowerRun, DefaultWindowsOnlyWhereTheyInform) {
  testing::ScratchDir scratch;
  run(kRun + " --repeats 2 --output " + scratch.path("d"));
  const auto file = result_file::read_results(result_in(scratch.path("d")));
  const auto settings = nlohmann::json::parse(file.settings_json);
  EXPECT_EQ(settings.at("power_points"), "consensus");
  EXPECT_EQ(settings.at("power_window_s"), -1.0) << "derived from the sensor";
  ASSERT_EQ(file.ranks[0].campaigns.size(), 4u);
  for (const auto& c : file.ranks[0].campaigns) {
    SCOPED_TRACE(c.kernel + " repeat " + std::to_string(c.repeat));
    std::size_t windows = 0;
    for (const auto& p : c.points) {
      SCOPED_TRACE(p.size);
      const bool has = std::isfinite(p.power_w);
      windows += has;
      EXPECT_EQ(has, p.power_reason != "skipped") << p.power_reason;
      if (has) {
        EXPECT_NEAR(p.power_window_s, 0.25, 0.051) << "2 or 3 periods of 100 ms";
      }
    }
    EXPECT_EQ(c.points[static_cast<std::size_t>(c.knee_index)].power_reason, "knee");
    if (c.repeat == 0) {
      EXPECT_EQ(c.points.front().power_reason, "sparse");
      EXPECT_LT(2 * windows, c.points.size());
    } else {
      EXPECT_EQ(windows, 1u) << "only the knee";
    }
  }
}

TEST(PowerRun, CalibrateThenCorrect) {
  testing::ScratchDir scratch;
  const std::string cal = scratch.path("cal.json");
  const auto out = run(std::string(AUTOBENCH_BINARY) + " calibrate --backend sim --sim-device 'H100 SXM' --clocks "
                       "700:1980:160 --temperature-s 30 --output " + cal);
  EXPECT_NE(out.find("calibration written to " + cal), std::string::npos) << out;
  const auto store = power::CalibrationStore::load(cal);
  ASSERT_EQ(store.records().size(), 1u);
  const auto& record = store.records()[0];
  ASSERT_TRUE(record.power_frequency && record.temperature);
  EXPECT_EQ(record.kernels.size(), 2u);

  run(kRun + " --power-points all --calibration " + cal + " --output " + scratch.path("r"));
  const auto file = result_file::read_results(result_in(scratch.path("r")));
  const auto& device = file.ranks[0].device;
  ASSERT_FALSE(device.calibration.empty());
  EXPECT_EQ(nlohmann::json::parse(device.calibration).at("device_uuid"), device.uuid);
  for (const auto& c : file.ranks[0].campaigns) {
    SCOPED_TRACE(c.kernel);
    EXPECT_DOUBLE_EQ(c.power_reference_clock_mhz, 1980);
    double lowest = INFINITY;
    for (const auto& p : c.points) lowest = std::min(lowest, p.power_temperature_c);
    EXPECT_DOUBLE_EQ(c.power_reference_temperature_c, lowest);
    for (const auto& p : c.points) {
      // At f = f_ref only the temperature correction acts: P_corr = P − α·(T − T_ref).
      EXPECT_NEAR(p.power_corrected_w,
                  p.power_filtered_w - record.temperature->slope_w_per_c * (p.power_temperature_c - lowest), 1e-6);
      EXPECT_NEAR(p.energy_corrected_j, p.power_corrected_w * p.time_mean_s, 1e-12);
      EXPECT_NEAR(p.efficiency_corrected, p.throughput * p.time_mean_s / p.energy_corrected_j,
                  1e-9 * p.efficiency_corrected);
    }
  }
}

TEST(PowerRun, EfficiencyKneeMetricAndNoWindows) {
  testing::ScratchDir scratch;
  run(kRun + " --knee-metric efficiency --output " + scratch.path("e"));
  const auto eff = result_file::read_results(result_in(scratch.path("e")));
  for (const auto& c : eff.ranks[0].campaigns) {
    EXPECT_TRUE(c.complete);
    EXPECT_NE(c.stop_reason, results::StopReason::error) << c.error;
    EXPECT_NE(c.detector_params.find("knee_metric=efficiency"), std::string::npos);
    for (const auto& p : c.points) EXPECT_EQ(p.power_reason, "all") << "efficiency needs every point's energy";
  }
  run(kRun + " --power-window-ms 0 --output " + scratch.path("n"));
  const auto none = result_file::read_results(result_in(scratch.path("n")));
  for (const auto& c : none.ranks[0].campaigns)
    for (const auto& p : c.points) {
      EXPECT_TRUE(std::isnan(p.power_w));
      EXPECT_TRUE(std::isnan(p.energy_j));
      EXPECT_EQ(p.power_launches, 0);
      EXPECT_EQ(p.power_reason, "off");
    }
}

}  // namespace
}  // namespace autobench
