// NVML loaded at run time with dlopen: the few NVML types and entry points we use, declared here.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace autobench::power::io::nvml {

// Types with the layout of nvml.h (which is not needed to build): nvmlReturn_t and the enums are C enums
// (int-sized), nvmlDevice_t is an opaque pointer.
using Return = int;
struct DeviceOpaque;
using Device = DeviceOpaque*;

inline constexpr Return kSuccess = 0;
inline constexpr Return kErrorNotSupported = 3;
inline constexpr Return kErrorNoPermission = 4;
inline constexpr Return kErrorFunctionNotFound = 13;

enum ClockType : int { kClockGraphics = 0, kClockSm = 1, kClockMem = 2 };  // nvmlClockType_t
inline constexpr int kTemperatureGpu = 0;                                  // NVML_TEMPERATURE_GPU

inline constexpr unsigned kFieldPowerAverage = 185;  // NVML_FI_DEV_POWER_AVERAGE, mW, ~1 s average
inline constexpr unsigned kFieldPowerInstant = 186;  // NVML_FI_DEV_POWER_INSTANT, mW

enum ValueType : int {  // nvmlValueType_t
  kValueDouble = 0,
  kValueUnsignedInt = 1,
  kValueUnsignedLong = 2,
  kValueUnsignedLongLong = 3,
  kValueSignedLongLong = 4,
  kValueSignedInt = 5,
  kValueUnsignedShort = 6,
};

union Value {  // nvmlValue_t
  double dVal;
  unsigned int uiVal;
  unsigned long ulVal;
  unsigned long long ullVal;
  long long sllVal;
  int siVal;
  unsigned short usVal;
};

struct FieldValue {  // nvmlFieldValue_t
  unsigned int fieldId;
  unsigned int scopeId;
  long long timestamp;    // µs since 1970
  long long latencyUsec;
  int valueType;          // ValueType
  Return nvmlReturn;
  Value value;
};
static_assert(sizeof(FieldValue) == 40, "nvmlFieldValue_t layout");

// The value of a field read as a double (NaN when the field failed or has an unknown type).
double field_as_double(const FieldValue& field);

// The entry points, with nvml.h's signatures. A null pointer is a symbol the library does not export.
struct Api {
  Return (*init_v2)() = nullptr;
  Return (*shutdown)() = nullptr;
  const char* (*error_string)(Return) = nullptr;
  Return (*device_get_handle_by_index_v2)(unsigned int index, Device* device) = nullptr;
  Return (*device_get_handle_by_uuid)(const char* uuid, Device* device) = nullptr;
  Return (*device_get_power_usage)(Device, unsigned int* milliwatts) = nullptr;
  Return (*device_get_field_values)(Device, int count, FieldValue* values) = nullptr;
  Return (*device_get_total_energy_consumption)(Device, unsigned long long* millijoules) = nullptr;
  Return (*device_get_clock_info)(Device, int clock_type, unsigned int* mhz) = nullptr;
  Return (*device_get_temperature)(Device, int sensor, unsigned int* celsius) = nullptr;
  // nvmlDeviceGetCurrentClocksEventReasons, or the older nvmlDeviceGetCurrentClocksThrottleReasons.
  Return (*device_get_current_clocks_event_reasons)(Device, unsigned long long* reasons) = nullptr;
  Return (*device_set_gpu_locked_clocks)(Device, unsigned int min_mhz, unsigned int max_mhz) = nullptr;
  Return (*device_reset_gpu_locked_clocks)(Device) = nullptr;
  Return (*device_set_applications_clocks)(Device, unsigned int mem_mhz, unsigned int graphics_mhz) = nullptr;
  Return (*device_reset_applications_clocks)(Device) = nullptr;
  Return (*device_get_applications_clock)(Device, int clock_type, unsigned int* mhz) = nullptr;
  Return (*device_get_default_applications_clock)(Device, int clock_type, unsigned int* mhz) = nullptr;
  Return (*device_get_power_management_limit)(Device, unsigned int* milliwatts) = nullptr;
  Return (*device_get_serial)(Device, char* serial, unsigned int length) = nullptr;
};

// "NVML_ERROR_… text (code n)" for a return code, using nvmlErrorString when present.
std::string describe(const Api& api, Return code);

// The loaded library. available() is false (with a reason) when libnvidia-ml cannot be opened, lacks
// an essential symbol, or nvmlInit_v2 fails: then power is simply unavailable, and nothing else breaks.
// NVML reference-counts init/shutdown, so several instances are fine. Not copyable or movable.
class Library {
 public:
  static constexpr const char* kDefaultSoname = "libnvidia-ml.so.1";
  explicit Library(const std::string& soname = kDefaultSoname);
  ~Library();  // nvmlShutdown and dlclose
  Library(const Library&) = delete;
  Library& operator=(const Library&) = delete;

  bool available() const { return initialized_; }
  const std::string& unavailable_reason() const { return reason_; }
  const Api& api() const { return api_; }

  // Handles by CUDA-style UUID ("GPU-…") or by NVML index; nullopt with `error` filled on failure.
  std::optional<Device> device_by_uuid(std::string_view uuid, std::string* error = nullptr) const;
  std::optional<Device> device_by_index(unsigned int index, std::string* error = nullptr) const;
  // The enforced power-management limit in watts (NaN when unknown).
  double power_limit_w(Device device) const;
  // The board's serial number ("" when NVML gives none, as for most consumer boards).
  std::string serial(Device device) const;

 private:
  void* handle_ = nullptr;
  bool initialized_ = false;
  std::string reason_;
  Api api_;
};

}  // namespace autobench::power::io::nvml
