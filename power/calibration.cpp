#include "power/calibration.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <tuple>

#include "record/bounded_json.hpp"
#include "record/json.hpp"

namespace autobench::power {

namespace {

constexpr const char* kFormat = "autobench-power-calibration";
constexpr int kVersion = 1;

using nlohmann::json;
using record::field;

// Every record below is written and read through its field list (record/json.hpp: NaN as null, the
// infinities as "inf" / "-inf"). Reading keeps the defaults (NaN, empty) of fields a file lacks: files
// from before standard errors, kernels and temperatures were kept still load.
constexpr auto kFitFields = std::make_tuple(field("r_squared", &FitSummary::r_squared),
                                            field("rmse", &FitSummary::rmse), field("points", &FitSummary::points));
constexpr auto kPowerFrequencyFields = std::make_tuple(
    field("static_w", &PowerFrequencyModel::static_w),
    field("dynamic_w_per_mhz", &PowerFrequencyModel::dynamic_w_per_mhz),
    field("voltage_slope_per_mhz", &PowerFrequencyModel::voltage_slope_per_mhz),
    field("ridge_mhz", &PowerFrequencyModel::ridge_mhz));
constexpr auto kScalingTimeFields =
    std::make_tuple(field("fixed_s", &ScalingTimeModel::fixed_s), field("work_s_mhz", &ScalingTimeModel::work_s_mhz));
constexpr auto kTimeFrequencyFields =
    std::make_tuple(field("a", &TimeFrequencyModel::a), field("b", &TimeFrequencyModel::b),
                    field("c", &TimeFrequencyModel::c), field("d", &TimeFrequencyModel::d));
constexpr auto kTemperatureFields = std::make_tuple(field("intercept_w", &TemperatureModel::intercept_w),
                                                    field("slope_w_per_c", &TemperatureModel::slope_w_per_c));
constexpr auto kKernelFields = std::make_tuple(
    field("size", &KernelCalibration::size), field("tunables", &KernelCalibration::tunables),
    field("locked_clock_mhz", &KernelCalibration::locked_clock_mhz),
    field("clock_mhz", &KernelCalibration::clock_mhz), field("time_s", &KernelCalibration::time_s),
    field("power_w", &KernelCalibration::power_w), field("temperature_c", &KernelCalibration::temperature_c),
    field("fit_temperature_c", &KernelCalibration::fit_temperature_c),
    field("static_check_w", &KernelCalibration::static_check_w),
    field("static_check_se_w", &KernelCalibration::static_check_se_w));
constexpr auto kCalibrationFields = std::make_tuple(
    field("device_model", &Calibration::device_model), field("driver_version", &Calibration::driver_version),
    field("hostname", &Calibration::hostname),
    field("created_utc", &Calibration::created_utc), field("reference_clock_mhz", &Calibration::reference_clock_mhz),
    field("sensor_update_period_s", &Calibration::sensor_update_period_s),
    field("sensor_lag_s", &Calibration::sensor_lag_s),
    field("power_frequency_kernels", &Calibration::power_frequency_kernels),
    field("kernels_agree_on_static", &Calibration::kernels_agree_on_static));
constexpr auto kFrequencyPointFields = std::make_tuple(field("clock_mhz", &Calibration::frequency_clock_mhz),
                                                       field("power_w", &Calibration::frequency_power_w));
constexpr auto kTemperaturePointFields = std::make_tuple(field("clock_mhz", &Calibration::temperature_clock_mhz),
                                                         field("temperature_c", &Calibration::temperature_c),
                                                         field("power_w", &Calibration::temperature_power_w));

template <class Record, class Fields>
json fields_json(const Record& r, const Fields& fields) {
  json j;
  record::fields_to_json(j, r, fields);
  return j;
}

// A fitted model with its standard errors and fit summary: {<parameters>, "standard_errors": {...}, "fit": {...}}.
template <class Model, class Fields>
json model_json(const Model& m, const Model& se, const FitSummary& fit, const Fields& fields) {
  json j = fields_json(m, fields);
  j["standard_errors"] = fields_json(se, fields);
  j["fit"] = fields_json(fit, kFitFields);
  return j;
}

// The inverse of model_json, when j has the model at `key` (NaN standard errors in files from before them).
template <class Model, class Fields>
void read_model(const json& j, const char* key, std::optional<Model>& m, Model& se, FitSummary& fit,
                const Fields& fields) {
  const auto it = j.find(key);
  if (it == j.end()) return;
  record::read_present_fields(*it, m.emplace(), fields);
  if (const auto errors = it->find("standard_errors"); errors != it->end())
    record::read_present_fields(*errors, se, fields);
  if (const auto f = it->find("fit"); f != it->end()) record::read_present_fields(*f, fit, kFitFields);
}

json to_json(const KernelCalibration& k) {
  json j = fields_json(k, kKernelFields);
  j["kernel"] = k.kernel;
  if (k.power_frequency)
    j["power_frequency"] =
        model_json(*k.power_frequency, k.power_frequency_se, k.power_frequency_fit, kPowerFrequencyFields);
  if (k.scaling_time)
    j["scaling_time"] = model_json(*k.scaling_time, k.scaling_time_se, k.scaling_time_fit, kScalingTimeFields);
  if (k.time_frequency)
    j["time_frequency"] =
        model_json(*k.time_frequency, k.time_frequency_se, k.time_frequency_fit, kTimeFrequencyFields);
  return j;
}

KernelCalibration kernel_calibration_from_json(const json& j) {
  KernelCalibration k;
  k.kernel = j.at("kernel").get<std::string>();  // required; any other field may be missing
  record::read_present_fields(j, k, kKernelFields);
  read_model(j, "power_frequency", k.power_frequency, k.power_frequency_se, k.power_frequency_fit,
             kPowerFrequencyFields);
  read_model(j, "scaling_time", k.scaling_time, k.scaling_time_se, k.scaling_time_fit, kScalingTimeFields);
  read_model(j, "time_frequency", k.time_frequency, k.time_frequency_se, k.time_frequency_fit, kTimeFrequencyFields);
  return k;
}

}  // namespace

json to_json(const Calibration& c) {
  json j = fields_json(c, kCalibrationFields);
  j["device_uuid"] = c.device_uuid;
  if (c.power_frequency) {
    j["power_frequency"] =
        model_json(*c.power_frequency, c.power_frequency_se, c.power_frequency_fit, kPowerFrequencyFields);
    record::fields_to_json(j["power_frequency"], c, kFrequencyPointFields);
  }
  if (c.temperature) {
    j["temperature"] = fields_json(*c.temperature, kTemperatureFields);
    j["temperature"]["fit"] = fields_json(c.temperature_fit, kFitFields);
    record::fields_to_json(j["temperature"], c, kTemperaturePointFields);
  }
  if (!c.kernels.empty()) {
    j["kernels"] = json::array();
    for (const auto& k : c.kernels) j["kernels"].push_back(to_json(k));
  }
  return j;
}

Calibration calibration_from_json(const json& j) {
  Calibration c;
  c.device_uuid = j.at("device_uuid").get<std::string>();  // required; any other field may be missing
  record::read_present_fields(j, c, kCalibrationFields);
  read_model(j, "power_frequency", c.power_frequency, c.power_frequency_se, c.power_frequency_fit,
             kPowerFrequencyFields);
  if (const auto it = j.find("power_frequency"); it != j.end())
    record::read_present_fields(*it, c, kFrequencyPointFields);
  if (const auto it = j.find("temperature"); it != j.end()) {
    record::read_present_fields(*it, c.temperature.emplace(), kTemperatureFields);
    if (const auto fit = it->find("fit"); fit != it->end())
      record::read_present_fields(*fit, c.temperature_fit, kFitFields);
    record::read_present_fields(*it, c, kTemperaturePointFields);
  }
  if (const auto it = j.find("kernels"); it != j.end())
    for (const auto& k : *it) c.kernels.push_back(kernel_calibration_from_json(k));
  return c;
}

FitSummary summarize(const numerics::FitQuality& quality) {
  return {quality.r_squared, quality.rmse, quality.residuals.size()};
}

CorrectionModel Calibration::correction_model() const {
  CorrectionModel m;
  if (power_frequency && std::isfinite(reference_clock_mhz)) {
    m.frequency = power_frequency;
    m.reference_clock_mhz = reference_clock_mhz;
    for (double f : frequency_clock_mhz) {  // the clocks the fit saw: beyond them it is an extrapolation
      if (!std::isfinite(f)) continue;
      m.clock_min_mhz = std::isnan(m.clock_min_mhz) ? f : std::min(m.clock_min_mhz, f);
      m.clock_max_mhz = std::isnan(m.clock_max_mhz) ? f : std::max(m.clock_max_mhz, f);
    }
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
    const json j = record::parse_json(std::string(std::istreambuf_iterator<char>(in), {}));
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
