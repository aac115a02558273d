// The Sensor that reads a GPU's power, energy, clocks, temperature and clock-event reasons through NVML.
#pragma once

#include "power/counter_edges.hpp"
#include "power/io/nvml_library.hpp"
#include "power/sensor.hpp"

namespace autobench::power::io {

// Per read: instant and averaged power in one nvmlDeviceGetFieldValues call (fields 186 and 185);
// if that call or the instant field fails, instant power falls back to nvmlDeviceGetPowerUsage (on
// Ampere and newer, except GA100, that is itself a ~1 s average: the trace then updates slowly, which
// detect_updates makes visible). Then SM and memory clocks, GPU temperature and the clock-event reasons.
// The total-energy counter (mJ → J) only through read_energy_j (3.4 ms per call on an H100). Anything the device or driver does not support stays NaN
// (reasons 0); read() never throws. `api` must outlive the sensor (keep the nvml::Library alive).
class NvmlSensor final : public CounterSensor {
 public:
  NvmlSensor(const nvml::Api& api, nvml::Device device) : api_(api), device_(device) {}
  Sample read() override;
  double read_energy_j() override;
  // Only the clocks, temperature and clock-event reasons (no power, no energy counter): the cheap part,
  // read while launches are timed (bench/power/nvml_call_cost.cpp measures what each query costs).
  Sample read_telemetry();

 private:
  const nvml::Api& api_;
  nvml::Device device_;
};

}  // namespace autobench::power::io
