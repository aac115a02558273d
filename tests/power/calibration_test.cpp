#include "power/calibration.hpp"
#include "suite/files/atomic_file.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <unistd.h>

namespace autobench::power {
namespace {

namespace fs = std::filesystem;

class CalibrationFile : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("autobench_calibration_test_" + std::to_string(::getpid()));
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  fs::path dir_;
};

Calibration full_record() {
  Calibration c;
  c.device_uuid = "GPU-aaaa";
  c.device_model = "NVIDIA H100 80GB HBM3";
  c.driver_version = "580.65";
  c.hostname = "node042";
  c.created_utc = "2025-03-01T10:00:00Z";
  c.reference_clock_mhz = 1755.0;
  c.sensor_update_period_s = 0.1;
  c.sensor_lag_s = numerics::kNaN;  // not measured: must survive as NaN
  c.power_frequency = PowerFrequencyModel{80.0, 0.12, 4e-4, 1300.0};
  c.power_frequency_fit = {0.998, 2.5, 3};
  c.power_frequency_kernels = "gemm,fp32";
  c.kernels_agree_on_static = true;
  c.frequency_clock_mhz = {1000, 1400, 1800};
  c.frequency_power_w = {200, 250, 330};
  c.temperature = TemperatureModel{250.0, 0.4};
  c.temperature_fit = {0.9, 0.7, 2};
  c.temperature_clock_mhz = 1755.0;
  c.temperature_c = {45, 70};
  c.temperature_power_w = {268, 278};
  return c;
}

TEST(Calibration, SummarizeCopiesTheQuality) {
  numerics::FitQuality q;
  q.residuals = {1, -1};
  q.r_squared = 0.5;
  q.rmse = 1.0;
  const FitSummary s = summarize(q);
  EXPECT_EQ(s.points, 2u);
  EXPECT_DOUBLE_EQ(s.r_squared, 0.5);
  EXPECT_DOUBLE_EQ(s.rmse, 1.0);
}

TEST(Calibration, CorrectionModelUsesWhatWasFitted) {
  const auto model = full_record().correction_model();
  ASSERT_TRUE(model.frequency.has_value());
  EXPECT_DOUBLE_EQ(model.frequency->ridge_mhz, 1300.0);
  EXPECT_DOUBLE_EQ(model.reference_clock_mhz, 1755.0);
  EXPECT_DOUBLE_EQ(model.clock_min_mhz, 1000.0);  // the clocks the fit measured: its range of use
  EXPECT_DOUBLE_EQ(model.clock_max_mhz, 1800.0);
  ASSERT_TRUE(model.temperature_slope_w_per_c.has_value());
  EXPECT_DOUBLE_EQ(*model.temperature_slope_w_per_c, 0.4);

  Calibration sensor_only;
  sensor_only.device_uuid = "GPU-x";
  const auto none = sensor_only.correction_model();
  EXPECT_FALSE(none.frequency.has_value());
  EXPECT_FALSE(none.temperature_slope_w_per_c.has_value());
}

TEST_F(CalibrationFile, RoundTripsEveryField) {
  CalibrationStore store;
  store.put(full_record());
  const fs::path path = dir_ / "calibration.json";
  autobench::files::write_file_atomically(path.string(), store.text());
  const auto loaded = CalibrationStore::load(path);
  ASSERT_EQ(loaded.records().size(), 1u);
  const Calibration& c = loaded.records()[0];
  const Calibration e = full_record();
  EXPECT_EQ(c.device_uuid, e.device_uuid);
  EXPECT_EQ(c.device_model, e.device_model);
  EXPECT_EQ(c.driver_version, e.driver_version);
  EXPECT_EQ(c.hostname, e.hostname);
  EXPECT_EQ(c.created_utc, e.created_utc);
  EXPECT_DOUBLE_EQ(c.reference_clock_mhz, 1755.0);
  EXPECT_DOUBLE_EQ(c.sensor_update_period_s, 0.1);
  EXPECT_TRUE(std::isnan(c.sensor_lag_s));
  ASSERT_TRUE(c.power_frequency.has_value());
  EXPECT_DOUBLE_EQ(c.power_frequency->static_w, 80.0);
  EXPECT_DOUBLE_EQ(c.power_frequency->dynamic_w_per_mhz, 0.12);
  EXPECT_DOUBLE_EQ(c.power_frequency->voltage_slope_per_mhz, 4e-4);
  EXPECT_DOUBLE_EQ(c.power_frequency->ridge_mhz, 1300.0);
  EXPECT_DOUBLE_EQ(c.power_frequency_fit.r_squared, 0.998);
  EXPECT_EQ(c.power_frequency_fit.points, 3u);
  EXPECT_EQ(c.power_frequency_kernels, "gemm,fp32");
  EXPECT_TRUE(c.kernels_agree_on_static);
  EXPECT_EQ(c.frequency_clock_mhz, e.frequency_clock_mhz);
  EXPECT_EQ(c.frequency_power_w, e.frequency_power_w);
  ASSERT_TRUE(c.temperature.has_value());
  EXPECT_DOUBLE_EQ(c.temperature->slope_w_per_c, 0.4);
  EXPECT_DOUBLE_EQ(c.temperature->intercept_w, 250.0);
  EXPECT_DOUBLE_EQ(c.temperature_clock_mhz, 1755.0);
  EXPECT_DOUBLE_EQ(c.temperature_fit.rmse, 0.7);
  EXPECT_EQ(c.temperature_c, e.temperature_c);
  EXPECT_EQ(c.temperature_power_w, e.temperature_power_w);
  // No temporary file is left behind.
  EXPECT_EQ(std::distance(fs::directory_iterator(dir_), fs::directory_iterator()), 1);
}

TEST_F(CalibrationFile, RecordWithoutFitsStaysWithoutFits) {
  CalibrationStore store;
  Calibration c;
  c.device_uuid = "GPU-bbbb";
  c.sensor_update_period_s = 0.02;
  store.put(c);
  autobench::files::write_file_atomically((dir_ / "c.json").string(), store.text());
  const auto loaded = CalibrationStore::load(dir_ / "c.json");
  EXPECT_FALSE(loaded.records()[0].power_frequency.has_value());
  EXPECT_FALSE(loaded.records()[0].temperature.has_value());
  EXPECT_DOUBLE_EQ(loaded.records()[0].sensor_update_period_s, 0.02);
}

TEST_F(CalibrationFile, InfinitiesRoundTripAsStringsLikeEveryOtherRecord) {
  Calibration c = full_record();
  c.sensor_lag_s = numerics::kInf;
  CalibrationStore store;
  store.put(c);
  EXPECT_NE(store.text().find("\"sensor_lag_s\": \"inf\""), std::string::npos) << store.text();
  autobench::files::write_file_atomically((dir_ / "c.json").string(), store.text());
  EXPECT_EQ(CalibrationStore::load(dir_ / "c.json").records()[0].sensor_lag_s, numerics::kInf);
}

TEST_F(CalibrationFile, OlderFilesWithoutStandardErrorsOrSizesStillLoad) {
  const fs::path older = dir_ / "older.json";
  std::ofstream(older) << R"({"format": "autobench-power-calibration", "version": 1, "devices": [
    {"device_uuid": "GPU-old", "reference_clock_mhz": null,
     "power_frequency": {"static_w": 80, "dynamic_w_per_mhz": 0.1, "voltage_slope_per_mhz": null,
                         "ridge_mhz": 1300, "fit": {"r_squared": 0.9, "rmse": 1, "points": 2},
                         "clock_mhz": [1000, null], "power_w": [200, 250]},
     "kernels": [{"kernel": "fp32", "scaling_time": {"fixed_s": 1e-6, "work_s_mhz": 0.5}}]}]})";
  const auto loaded = CalibrationStore::load(older);
  ASSERT_EQ(loaded.records().size(), 1u);
  const Calibration& c = loaded.records()[0];
  EXPECT_TRUE(std::isnan(c.reference_clock_mhz));
  ASSERT_TRUE(c.power_frequency.has_value());
  EXPECT_DOUBLE_EQ(c.power_frequency->static_w, 80.0);
  EXPECT_TRUE(std::isnan(c.power_frequency->voltage_slope_per_mhz));
  EXPECT_TRUE(std::isnan(c.power_frequency_se.static_w)) << "no standard errors in the file";
  EXPECT_EQ(c.power_frequency_fit.points, 2u);
  ASSERT_EQ(c.frequency_clock_mhz.size(), 2u);
  EXPECT_TRUE(std::isnan(c.frequency_clock_mhz[1]));
  EXPECT_TRUE(c.device_model.empty());
  EXPECT_FALSE(c.temperature.has_value());
  ASSERT_EQ(c.kernels.size(), 1u);
  EXPECT_EQ(c.kernels[0].kernel, "fp32");
  EXPECT_EQ(c.kernels[0].size, 0u);
  ASSERT_TRUE(c.kernels[0].scaling_time.has_value());
  EXPECT_DOUBLE_EQ(c.kernels[0].scaling_time->work_s_mhz, 0.5);
  EXPECT_TRUE(std::isnan(c.kernels[0].scaling_time_se.fixed_s));
  EXPECT_FALSE(c.kernels[0].time_frequency.has_value());
}

TEST(CalibrationStore, PutReplacesTheSameDeviceAndFindPrefersIt) {
  CalibrationStore store;
  Calibration a = full_record();
  store.put(a);
  a.reference_clock_mhz = 1600.0;
  store.put(a);
  ASSERT_EQ(store.records().size(), 1u);
  EXPECT_DOUBLE_EQ(store.records()[0].reference_clock_mhz, 1600.0);

  Calibration newer = full_record();
  newer.device_uuid = "GPU-cccc";
  newer.created_utc = "2025-06-01T00:00:00Z";
  store.put(newer);

  const auto exact = store.find("GPU-aaaa", "NVIDIA H100 80GB HBM3");
  ASSERT_TRUE(exact.has_value());
  EXPECT_TRUE(exact->same_device);
  EXPECT_EQ(exact->record->device_uuid, "GPU-aaaa");

  const auto by_model = store.find("GPU-dddd", "NVIDIA H100 80GB HBM3");
  ASSERT_TRUE(by_model.has_value());
  EXPECT_FALSE(by_model->same_device);
  EXPECT_EQ(by_model->record->device_uuid, "GPU-cccc");  // the newest of that model

  EXPECT_FALSE(store.find("GPU-dddd", "NVIDIA RTX 4000 Ada Generation").has_value());
  EXPECT_THROW(store.put(Calibration{}), std::invalid_argument);
}

TEST_F(CalibrationFile, MissingFileIsAnEmptyStore) {
  EXPECT_TRUE(CalibrationStore::load(dir_ / "absent.json").records().empty());
}

TEST_F(CalibrationFile, ForeignOrNewerFilesAreRejectedWithTheirName) {
  const fs::path foreign = dir_ / "foreign.json";
  std::ofstream(foreign) << R"({"devices": []})";
  try {
    CalibrationStore::load(foreign);
    FAIL() << "a file without the format marker was accepted";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("foreign.json"), std::string::npos);
  }
  const fs::path newer = dir_ / "newer.json";
  std::ofstream(newer) << R"({"format": "autobench-power-calibration", "version": 99, "devices": []})";
  EXPECT_THROW(CalibrationStore::load(newer), std::runtime_error);
  const fs::path broken = dir_ / "broken.json";
  std::ofstream(broken) << "{not json";
  EXPECT_THROW(CalibrationStore::load(broken), std::runtime_error);
}

}  // namespace
}  // namespace autobench::power
