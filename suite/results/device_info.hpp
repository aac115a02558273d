// What is recorded about one device (one rank): name, model, UUID, clocks, memory, versions, power sensor.
#pragma once

#include <cstdint>
#include <limits>
#include <string>

namespace autobench::results {

inline constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();  // an unknown value

// Everything recorded about one device (one rank). Unknown numeric fields stay 0 / NaN.
struct DeviceInfo {
  std::string backend;  // "sim" or "cuda"
  std::string name;     // e.g. "NVIDIA RTX 4000 Ada Generation" ("sim: ..." on the sim backend)
  std::string model;    // device model used to group results across devices
  std::string uuid;
  std::string serial;  // the board's serial number from NVML ("" when it gives none, and on sim)
  std::string pci_bus_id;
  std::string hostname;
  int cc_major = 0, cc_minor = 0;
  int sm_count = 0;
  std::uint64_t memory_total_bytes = 0;
  std::uint64_t l2_bytes = 0;
  double sm_clock_max_mhz = kNaN, sm_clock_current_mhz = kNaN;
  double mem_clock_max_mhz = kNaN, mem_clock_current_mhz = kNaN;
  double power_limit_w = kNaN;
  std::string driver_version;
  std::string runtime_version;
  std::string power_sensor;  // "nvml", "sim" (simulated sensor) or "unavailable: <why>"
  std::string calibration;   // JSON of the power calibration the run applied ("" when none)
};

}  // namespace autobench::results
