#include "power/calibration.hpp"

#include <nlohmann/json.hpp>

#include <cmath>
#include <fstream>
#include <stdexcept>

namespace autobench::power {

namespace {

constexpr const char* kFormat = "autobench-power-calibration";
constexpr int kVersion = 1;

using nlohmann::json;

json number(double v) { return std::isfinite(v) ? json(v) : json(nullptr); }

double number_at(const json& j, const char* key) {
  const auto it = j.find(key);
  if (it == j.end() || it->is_null()) return kNaN;
  return it->get<double>();
}

json numbers(const std::vector<double>& values) {
  json a = json::array();
  for (double v : values) a.push_back(number(v));
  return a;
}

std::vector<double> numbers_at(const json& j, const char* key) {
  std::vector<double> out;
  const auto it = j.find(key);
  if (it == j.end()) return out;
  for (const auto& v : *it) out.push_back(v.is_null() ? kNaN : v.get<double>());
  return out;
}

json to_json(const FitSummary& s) {
  return {{"r_squared", number(s.r_squared)}, {"rmse", number(s.rmse)}, {"points", s.points}};
}

FitSummary fit_summary_at(const json& j, const char* key) {
  FitSummary s;
  const auto it = j.find(key);
  if (it == j.end()) return s;
  s.r_squared = number_at(*it, "r_squared");
  s.rmse = number_at(*it, "rmse");
  s.points = it->value("points", std::size_t{0});
  return s;
}

// P(f) with its standard errors and fit summary (the top-level record adds its points).
json power_frequency_json(const PowerFrequencyModel& m, const PowerFrequencyModel& se, const FitSummary& fit) {
  return {{"static_w", number(m.static_w)},
          {"dynamic_w_per_mhz", number(m.dynamic_w_per_mhz)},
          {"voltage_slope_per_mhz", number(m.voltage_slope_per_mhz)},
          {"ridge_mhz", number(m.ridge_mhz)},
          {"standard_errors", {{"static_w", number(se.static_w)},
                               {"dynamic_w_per_mhz", number(se.dynamic_w_per_mhz)},
                               {"voltage_slope_per_mhz", number(se.voltage_slope_per_mhz)},
                               {"ridge_mhz", number(se.ridge_mhz)}}},
          {"fit", to_json(fit)}};
}

PowerFrequencyModel power_frequency_at(const json& j) {
  return {number_at(j, "static_w"), number_at(j, "dynamic_w_per_mhz"), number_at(j, "voltage_slope_per_mhz"),
          number_at(j, "ridge_mhz")};
}

// The standard errors stored beside a model (NaN when the record has none: files from before them).
const json& errors_at(const json& j) {
  static const json none = json::object();
  const auto it = j.find("standard_errors");
  return it == j.end() ? none : *it;
}

json to_json(const KernelCalibration& k) {
  json j = {{"kernel", k.kernel},
            {"size", k.size},
            {"tunables", k.tunables},
            {"locked_clock_mhz", numbers(k.locked_clock_mhz)},
            {"clock_mhz", numbers(k.clock_mhz)},
            {"time_s", numbers(k.time_s)},
            {"power_w", numbers(k.power_w)},
            {"temperature_c", numbers(k.temperature_c)},
            {"fit_temperature_c", number(k.fit_temperature_c)}};
  if (k.power_frequency) j["power_frequency"] = power_frequency_json(*k.power_frequency, k.power_frequency_se, k.power_frequency_fit);
  if (k.scaling_time) {
    const auto& m = *k.scaling_time;
    const auto& se = k.scaling_time_se;
    j["scaling_time"] = {{"fixed_s", number(m.fixed_s)}, {"work_s_mhz", number(m.work_s_mhz)},
                         {"standard_errors", {{"fixed_s", number(se.fixed_s)}, {"work_s_mhz", number(se.work_s_mhz)}}},
                         {"fit", to_json(k.scaling_time_fit)}};
  }
  if (k.time_frequency) {
    const auto& m = *k.time_frequency;
    const auto& se = k.time_frequency_se;
    j["time_frequency"] = {{"a", number(m.a)}, {"b", number(m.b)}, {"c", number(m.c)}, {"d", number(m.d)},
                           {"standard_errors", {{"a", number(se.a)}, {"b", number(se.b)}, {"c", number(se.c)},
                                                {"d", number(se.d)}}},
                           {"fit", to_json(k.time_frequency_fit)}};
  }
  return j;
}

KernelCalibration kernel_calibration_from_json(const json& j) {
  KernelCalibration k;
  k.kernel = j.at("kernel").get<std::string>();
  k.size = j.value("size", std::uint64_t{0});
  k.tunables = j.value("tunables", "");
  k.locked_clock_mhz = numbers_at(j, "locked_clock_mhz");
  k.clock_mhz = numbers_at(j, "clock_mhz");
  k.time_s = numbers_at(j, "time_s");
  k.power_w = numbers_at(j, "power_w");
  k.temperature_c = numbers_at(j, "temperature_c");
  k.fit_temperature_c = number_at(j, "fit_temperature_c");
  if (const auto it = j.find("power_frequency"); it != j.end()) {
    k.power_frequency = power_frequency_at(*it);
    k.power_frequency_se = power_frequency_at(errors_at(*it));
    k.power_frequency_fit = fit_summary_at(*it, "fit");
  }
  if (const auto it = j.find("scaling_time"); it != j.end()) {
    k.scaling_time = ScalingTimeModel{number_at(*it, "fixed_s"), number_at(*it, "work_s_mhz")};
    k.scaling_time_se = ScalingTimeModel{number_at(errors_at(*it), "fixed_s"), number_at(errors_at(*it), "work_s_mhz")};
    k.scaling_time_fit = fit_summary_at(*it, "fit");
  }
  if (const auto it = j.find("time_frequency"); it != j.end()) {
    const auto time_model = [](const json& m) {
      return TimeFrequencyModel{number_at(m, "a"), number_at(m, "b"), number_at(m, "c"), number_at(m, "d")};
    };
    k.time_frequency = time_model(*it);
    k.time_frequency_se = time_model(errors_at(*it));
    k.time_frequency_fit = fit_summary_at(*it, "fit");
  }
  return k;
}

}  // namespace

json to_json(const Calibration& c) {
  json j = {{"device_uuid", c.device_uuid},
            {"device_model", c.device_model},
            {"driver_version", c.driver_version},
            {"hostname", c.hostname},
            {"created_utc", c.created_utc},
            {"reference_clock_mhz", number(c.reference_clock_mhz)},
            {"sensor_update_period_s", number(c.sensor_update_period_s)},
            {"sensor_lag_s", number(c.sensor_lag_s)}};
  if (c.power_frequency) {
    j["power_frequency"] = power_frequency_json(*c.power_frequency, c.power_frequency_se, c.power_frequency_fit);
    j["power_frequency"]["clock_mhz"] = numbers(c.frequency_clock_mhz);
    j["power_frequency"]["power_w"] = numbers(c.frequency_power_w);
  }
  if (c.temperature) {
    j["temperature"] = {{"intercept_w", number(c.temperature->intercept_w)},
                        {"slope_w_per_c", number(c.temperature->slope_w_per_c)},
                        {"clock_mhz", number(c.temperature_clock_mhz)},
                        {"fit", to_json(c.temperature_fit)},
                        {"temperature_c", numbers(c.temperature_c)},
                        {"power_w", numbers(c.temperature_power_w)}};
  }
  if (!c.kernels.empty()) {
    j["kernels"] = json::array();
    for (const auto& k : c.kernels) j["kernels"].push_back(to_json(k));
  }
  return j;
}

Calibration calibration_from_json(const json& j) {
  Calibration c;
  c.device_uuid = j.at("device_uuid").get<std::string>();
  c.device_model = j.value("device_model", "");
  c.driver_version = j.value("driver_version", "");
  c.hostname = j.value("hostname", "");
  c.created_utc = j.value("created_utc", "");
  c.reference_clock_mhz = number_at(j, "reference_clock_mhz");
  c.sensor_update_period_s = number_at(j, "sensor_update_period_s");
  c.sensor_lag_s = number_at(j, "sensor_lag_s");
  if (const auto it = j.find("power_frequency"); it != j.end()) {
    c.power_frequency = power_frequency_at(*it);
    c.power_frequency_se = power_frequency_at(errors_at(*it));
    c.power_frequency_fit = fit_summary_at(*it, "fit");
    c.frequency_clock_mhz = numbers_at(*it, "clock_mhz");
    c.frequency_power_w = numbers_at(*it, "power_w");
  }
  if (const auto it = j.find("temperature"); it != j.end()) {
    c.temperature = TemperatureModel{number_at(*it, "intercept_w"), number_at(*it, "slope_w_per_c")};
    c.temperature_clock_mhz = number_at(*it, "clock_mhz");
    c.temperature_fit = fit_summary_at(*it, "fit");
    c.temperature_c = numbers_at(*it, "temperature_c");
    c.temperature_power_w = numbers_at(*it, "power_w");
  }
  if (const auto it = j.find("kernels"); it != j.end())
    for (const auto& k : *it) c.kernels.push_back(kernel_calibration_from_json(k));
  return c;
}

FitSummary summarize(const FitQuality& quality) {
  return {quality.r_squared, quality.rmse, quality.residuals.size()};
}

CorrectionModel Calibration::correction_model() const {
  CorrectionModel m;
  if (power_frequency && std::isfinite(reference_clock_mhz)) {
    m.frequency = power_frequency;
    m.reference_clock_mhz = reference_clock_mhz;
  }
  if (temperature && std::isfinite(temperature->slope_w_per_c)) m.temperature_slope_w_per_c = temperature->slope_w_per_c;
  return m;
}

CalibrationStore CalibrationStore::load(const std::filesystem::path& path) {
  CalibrationStore store;
  std::ifstream in(path);
  if (!in) {
    if (!std::filesystem::exists(path)) return store;
    throw std::runtime_error("calibration file " + path.string() + " cannot be read");
  }
  try {
    const json j = json::parse(in);
    if (j.value("format", "") != kFormat) {
      throw std::runtime_error("it is not an " + std::string(kFormat) + " file");
    }
    const int version = j.value("version", 0);
    if (version != kVersion) {
      throw std::runtime_error("version " + std::to_string(version) + " is not supported (only " +
                               std::to_string(kVersion) + ")");
    }
    for (const auto& record : j.at("devices")) store.put(calibration_from_json(record));
  } catch (const std::exception& e) {
    throw std::runtime_error("calibration file " + path.string() + ": " + e.what());
  }
  return store;
}

std::string CalibrationStore::text() const {
  json devices = json::array();
  for (const auto& r : records_) devices.push_back(to_json(r));
  return json{{"format", kFormat}, {"version", kVersion}, {"devices", devices}}.dump(2) + "\n";
}

void CalibrationStore::put(Calibration record) {
  if (record.device_uuid.empty()) throw std::invalid_argument("calibration record has an empty device UUID");
  for (auto& r : records_) {
    if (r.device_uuid == record.device_uuid) {
      r = std::move(record);
      return;
    }
  }
  records_.push_back(std::move(record));
}

std::optional<CalibrationStore::Match> CalibrationStore::find(std::string_view uuid, std::string_view model) const {
  const Calibration* newest_of_model = nullptr;
  for (const auto& r : records_) {
    if (!uuid.empty() && r.device_uuid == uuid) return Match{&r, true};
    if (!model.empty() && r.device_model == model &&
        (newest_of_model == nullptr || r.created_utc > newest_of_model->created_utc)) {
      newest_of_model = &r;
    }
  }
  if (newest_of_model) return Match{newest_of_model, false};
  return std::nullopt;
}

}  // namespace autobench::power
