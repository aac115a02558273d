#include "power/io/nvml_clock_backend.hpp"

namespace autobench::power::io {

namespace {

using ClockGetter = nvml::Return (*)(nvml::Device, int, unsigned int*);

int read_pair(ClockGetter get, nvml::Device device, ApplicationClocks* out) {
  if (get == nullptr) return nvml::kErrorFunctionNotFound;
  ApplicationClocks clocks;
  if (const int rc = get(device, nvml::kClockMem, &clocks.mem_mhz); rc != nvml::kSuccess) return rc;
  if (const int rc = get(device, nvml::kClockGraphics, &clocks.sm_mhz); rc != nvml::kSuccess) return rc;
  *out = clocks;
  return nvml::kSuccess;
}

}  // namespace

int NvmlClockBackend::application_clocks(ApplicationClocks* out) {
  return read_pair(api_.device_get_applications_clock, device_, out);
}

int NvmlClockBackend::default_application_clocks(ApplicationClocks* out) {
  return read_pair(api_.device_get_default_applications_clock, device_, out);
}

int NvmlClockBackend::lock_sm_clock(unsigned int min_mhz, unsigned int max_mhz) {
  if (!api_.device_set_gpu_locked_clocks) return nvml::kErrorFunctionNotFound;
  return api_.device_set_gpu_locked_clocks(device_, min_mhz, max_mhz);
}

int NvmlClockBackend::reset_locked_clocks() {
  if (!api_.device_reset_gpu_locked_clocks) return nvml::kErrorFunctionNotFound;
  return api_.device_reset_gpu_locked_clocks(device_);
}

int NvmlClockBackend::set_application_clocks(const ApplicationClocks& clocks) {
  if (!api_.device_set_applications_clocks) return nvml::kErrorFunctionNotFound;
  return api_.device_set_applications_clocks(device_, clocks.mem_mhz, clocks.sm_mhz);
}

int NvmlClockBackend::reset_application_clocks() {
  if (!api_.device_reset_applications_clocks) return nvml::kErrorFunctionNotFound;
  return api_.device_reset_applications_clocks(device_);
}

std::string NvmlClockBackend::describe(int code) const {
  std::string text = nvml::describe(api_, code);
  if (code == nvml::kErrorNoPermission) text += "; changing clocks needs root";
  return text;
}

}  // namespace autobench::power::io
