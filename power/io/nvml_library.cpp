#include "power/io/nvml_library.hpp"

#include <dlfcn.h>

#include <cstring>
#include <limits>

namespace autobench::power::io::nvml {

namespace {

template <typename F>
void bind(void* handle, F& slot, const char* name) {
  slot = reinterpret_cast<F>(dlsym(handle, name));
}

}  // namespace

double field_as_double(const FieldValue& f) {
  if (f.nvmlReturn != kSuccess) return std::numeric_limits<double>::quiet_NaN();
  switch (f.valueType) {
    case kValueDouble: return f.value.dVal;
    case kValueUnsignedInt: return static_cast<double>(f.value.uiVal);
    case kValueUnsignedLong: return static_cast<double>(f.value.ulVal);
    case kValueUnsignedLongLong: return static_cast<double>(f.value.ullVal);
    case kValueSignedLongLong: return static_cast<double>(f.value.sllVal);
    case kValueSignedInt: return static_cast<double>(f.value.siVal);
    case kValueUnsignedShort: return static_cast<double>(f.value.usVal);
    default: return std::numeric_limits<double>::quiet_NaN();
  }
}

std::string describe(const Api& api, Return code) {
  const char* text = api.error_string ? api.error_string(code) : nullptr;
  return std::string(text ? text : "NVML error") + " (code " + std::to_string(code) + ")";
}

Library::Library(const std::string& soname) {
#ifdef AUTOBENCH_WITHOUT_NVML
  reason_ = "this autobench-mpi was built without NVML (AUTOBENCH_WITH_NVML=OFF): no power or clock telemetry";
  (void)soname;
  return;
#endif
  handle_ = dlopen(soname.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (handle_ == nullptr) {
    const char* why = dlerror();
    reason_ = "cannot load " + soname + ": " + (why ? why : "unknown dlopen error");
    return;
  }
  bind(handle_, api_.init_v2, "nvmlInit_v2");
  bind(handle_, api_.shutdown, "nvmlShutdown");
  bind(handle_, api_.error_string, "nvmlErrorString");
  bind(handle_, api_.device_get_handle_by_index_v2, "nvmlDeviceGetHandleByIndex_v2");
  bind(handle_, api_.device_get_handle_by_uuid, "nvmlDeviceGetHandleByUUID");
  bind(handle_, api_.device_get_power_usage, "nvmlDeviceGetPowerUsage");
  bind(handle_, api_.device_get_field_values, "nvmlDeviceGetFieldValues");
  bind(handle_, api_.device_get_total_energy_consumption, "nvmlDeviceGetTotalEnergyConsumption");
  bind(handle_, api_.device_get_clock_info, "nvmlDeviceGetClockInfo");
  bind(handle_, api_.device_get_temperature, "nvmlDeviceGetTemperature");
  bind(handle_, api_.device_get_current_clocks_event_reasons, "nvmlDeviceGetCurrentClocksEventReasons");
  if (api_.device_get_current_clocks_event_reasons == nullptr) {
    bind(handle_, api_.device_get_current_clocks_event_reasons, "nvmlDeviceGetCurrentClocksThrottleReasons");
  }
  bind(handle_, api_.device_set_gpu_locked_clocks, "nvmlDeviceSetGpuLockedClocks");
  bind(handle_, api_.device_reset_gpu_locked_clocks, "nvmlDeviceResetGpuLockedClocks");
  bind(handle_, api_.device_set_applications_clocks, "nvmlDeviceSetApplicationsClocks");
  bind(handle_, api_.device_reset_applications_clocks, "nvmlDeviceResetApplicationsClocks");
  bind(handle_, api_.device_get_applications_clock, "nvmlDeviceGetApplicationsClock");
  bind(handle_, api_.device_get_default_applications_clock, "nvmlDeviceGetDefaultApplicationsClock");
  bind(handle_, api_.device_get_power_management_limit, "nvmlDeviceGetPowerManagementLimit");
  bind(handle_, api_.device_get_serial, "nvmlDeviceGetSerial");

  if (!api_.init_v2 || !api_.shutdown || !api_.device_get_handle_by_index_v2 || !api_.device_get_handle_by_uuid) {
    reason_ = soname + " lacks nvmlInit_v2, nvmlShutdown or the device-handle functions";
    return;
  }
  const Return rc = api_.init_v2();
  if (rc != kSuccess) {
    reason_ = "nvmlInit_v2 failed: " + describe(api_, rc);
    return;
  }
  initialized_ = true;
}

Library::~Library() {
  if (initialized_) api_.shutdown();
  if (handle_ != nullptr) dlclose(handle_);
}

std::optional<Device> Library::device_by_uuid(std::string_view uuid, std::string* error) const {
  if (!initialized_) {
    if (error) *error = reason_;
    return std::nullopt;
  }
  Device device = nullptr;
  const std::string key(uuid);
  const Return rc = api_.device_get_handle_by_uuid(key.c_str(), &device);
  if (rc != kSuccess) {
    if (error) *error = "no NVML device with UUID " + key + ": " + describe(api_, rc);
    return std::nullopt;
  }
  return device;
}

std::optional<Device> Library::device_by_index(unsigned int index, std::string* error) const {
  if (!initialized_) {
    if (error) *error = reason_;
    return std::nullopt;
  }
  Device device = nullptr;
  const Return rc = api_.device_get_handle_by_index_v2(index, &device);
  if (rc != kSuccess) {
    if (error) *error = "no NVML device with index " + std::to_string(index) + ": " + describe(api_, rc);
    return std::nullopt;
  }
  return device;
}

double Library::power_limit_w(Device device) const {
  unsigned int mw = 0;
  if (!initialized_ || !api_.device_get_power_management_limit ||
      api_.device_get_power_management_limit(device, &mw) != kSuccess) {
    return std::numeric_limits<double>::quiet_NaN();
  }
  return mw / 1000.0;
}

std::string Library::serial(Device device) const {
  char text[64] = {};  // NVML_DEVICE_SERIAL_BUFFER_SIZE is 30
  if (!initialized_ || !api_.device_get_serial || api_.device_get_serial(device, text, sizeof(text)) != kSuccess) return "";
  return std::string(text, strnlen(text, sizeof(text)));
}

}  // namespace autobench::power::io::nvml
