// A device's power calibration (fits, sensor behaviour, raw points) and the JSON file that keeps them.
#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "power/corrections.hpp"
#include "power/scaling_time_model.hpp"
#include "power/time_frequency_model.hpp"

namespace autobench::power {

// Summary of a stored fit (residuals can be recomputed from the raw points kept beside it).
struct FitSummary {
  double r_squared = numerics::kNaN;
  double rmse = numerics::kNaN;
  std::size_t points = 0;
};
FitSummary summarize(const numerics::FitQuality& quality);

// One calibration kernel swept over locked SM clocks: per clock the measured window's mean SM clock,
// launch time, power and temperature, and the P(f) and t(f) fits to them (t(f) both as t_fixed + W/f,
// the default, and in the thesis form), each parameter with its standard error. When a temperature slope α
// is known, P(f) is fitted to the powers moved to one temperature, P − α·(T − fit_temperature_c), so
// that the device warming up during the sweep does not bend the frequency curve.
struct KernelCalibration {
  std::string kernel;
  std::uint64_t size = 0;
  std::string tunables;
  std::vector<double> locked_clock_mhz, clock_mhz, time_s, power_w, temperature_c;
  double fit_temperature_c = numerics::kNaN;  // NaN: P(f) fitted to power_w as measured
  // This kernel's own P_static with the device's voltage curve from the joint fit held fixed, and its
  // standard error (power/joint_power_fit.hpp): kernels of one device should agree on it.
  double static_check_w = numerics::kNaN, static_check_se_w = numerics::kNaN;
  std::optional<PowerFrequencyModel> power_frequency;
  PowerFrequencyModel power_frequency_se;
  FitSummary power_frequency_fit;
  std::optional<ScalingTimeModel> scaling_time;
  ScalingTimeModel scaling_time_se;
  FitSummary scaling_time_fit;
  std::optional<TimeFrequencyModel> time_frequency;  // the thesis form
  TimeFrequencyModel time_frequency_se;
  FitSummary time_frequency_fit;
};

// Everything measured once per device that later runs reuse to correct power.
struct Calibration {
  std::string device_uuid;    // e.g. "GPU-8d4a…" (the key)
  std::string device_model;   // e.g. "NVIDIA H100 80GB HBM3" (fallback key for devices of the same model)
  std::string driver_version;
  std::string hostname;
  std::string created_utc;    // ISO 8601, e.g. "2025-01-31T12:00:00Z"; newer sorts later

  double reference_clock_mhz = numerics::kNaN;   // f_ref for the frequency correction
  double sensor_update_period_s = numerics::kNaN;  // observed NVML power update period
  double sensor_lag_s = numerics::kNaN;          // delay from a power change to the sensor showing it

  // The device's P(f): with several calibration kernels one joint fit (a shared P_static and voltage
  // curve; a is the first kernel's), else the first kernel's own fit.
  std::optional<PowerFrequencyModel> power_frequency;
  PowerFrequencyModel power_frequency_se;
  FitSummary power_frequency_fit;
  std::string power_frequency_kernels;   // the kernels it was fitted to, e.g. "gemm,fp32"
  bool kernels_agree_on_static = false;  // every pair of static_check_w within twice their combined standard error
  std::vector<double> frequency_clock_mhz, frequency_power_w;  // the points the model was fitted to

  std::optional<TemperatureModel> temperature;
  FitSummary temperature_fit;
  double temperature_clock_mhz = numerics::kNaN;  // the fixed clock the temperature points were measured at
  std::vector<double> temperature_c, temperature_power_w;

  // Every calibration kernel's sweep; power_frequency above is the first kernel's fit.
  std::vector<KernelCalibration> kernels;

  // The corrections this calibration supports (frequency and/or temperature, as far as fitted).
  CorrectionModel correction_model() const;
};

// One record as JSON (numbers by record/json.hpp: NaN as null, the infinities as "inf" / "-inf") and
// back; the file keeps a list of these. Reading throws nlohmann::json::exception or std::invalid_argument.
nlohmann::json to_json(const Calibration& c);
Calibration calibration_from_json(const nlohmann::json& j);

// A calibration file: one record per device UUID. The JSON has the shape
//   {"format": "autobench-power-calibration", "version": 1, "devices": [ {record}, ... ]}
// with numbers as in to_json.
class CalibrationStore {
 public:
  // Reads `path`; a missing file is an empty store. Throws std::runtime_error naming the file when it
  // exists but is not a calibration file of a known version.
  static CalibrationStore load(const std::filesystem::path& path);
  // The file's JSON text (the caller writes it whole: suite/files/atomic_file.hpp).
  std::string text() const;

  // Adds `record`, replacing the one with the same device UUID. Throws when the UUID is empty.
  void put(Calibration record);

  struct Match {
    const Calibration* record = nullptr;
    bool same_device = false;  // true: UUID matched; false: another device of the same model
  };
  // The record for `uuid`; else the newest record of `model`; else nothing.
  std::optional<Match> find(std::string_view uuid, std::string_view model) const;

  const std::vector<Calibration>& records() const { return records_; }

 private:
  std::vector<Calibration> records_;
};

}  // namespace autobench::power
