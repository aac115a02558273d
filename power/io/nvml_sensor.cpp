#include "power/io/nvml_sensor.hpp"

#include <cmath>

namespace autobench::power::io {

Sample NvmlSensor::read_telemetry() {
  Sample s;
  unsigned int u = 0;
  if (api_.device_get_clock_info) {
    if (api_.device_get_clock_info(device_, nvml::kClockSm, &u) == nvml::kSuccess) s.sm_clock_mhz = u;
    if (api_.device_get_clock_info(device_, nvml::kClockMem, &u) == nvml::kSuccess) s.mem_clock_mhz = u;
  }
  if (api_.device_get_temperature && api_.device_get_temperature(device_, nvml::kTemperatureGpu, &u) == nvml::kSuccess) {
    s.temperature_c = u;
  }
  unsigned long long reasons = 0;
  if (api_.device_get_current_clocks_event_reasons &&
      api_.device_get_current_clocks_event_reasons(device_, &reasons) == nvml::kSuccess) {
    s.clock_event_reasons = reasons;
  }
  return s;
}

Sample NvmlSensor::read() {
  Sample s = read_telemetry();
  if (api_.device_get_field_values) {
    nvml::FieldValue fields[2] = {};
    fields[0].fieldId = nvml::kFieldPowerInstant;
    fields[1].fieldId = nvml::kFieldPowerAverage;
    if (api_.device_get_field_values(device_, 2, fields) == nvml::kSuccess) {
      s.power_instant_w = nvml::field_as_double(fields[0]) / 1000.0;
      s.power_average_w = nvml::field_as_double(fields[1]) / 1000.0;
    }
  }
  unsigned int u = 0;
  if (std::isnan(s.power_instant_w) && api_.device_get_power_usage &&
      api_.device_get_power_usage(device_, &u) == nvml::kSuccess) {
    s.power_instant_w = u / 1000.0;
  }
  return s;
}

double NvmlSensor::read_energy_j() {
  unsigned long long mj = 0;
  if (api_.device_get_total_energy_consumption &&
      api_.device_get_total_energy_consumption(device_, &mj) == nvml::kSuccess) {
    return static_cast<double>(mj) / 1000.0;
  }
  return numerics::kNaN;
}

}  // namespace autobench::power::io
