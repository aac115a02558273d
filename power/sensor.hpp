// One timestamped reading of a GPU's power sensors, and the Sensor interface that produces readings.
#pragma once

#include <chrono>
#include <cstdint>

#include "numerics/least_squares.hpp"

namespace autobench::power {

// Seconds on std::chrono::steady_clock (since its epoch): the time base of every sample. Time measured
// windows [t0, t1] with this function (or steady_clock itself) to align them with a trace.
inline double steady_seconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// Fields a sensor cannot provide stay NaN (clock-event reasons stay 0).
struct Sample {
  double t_s = numerics::kNaN;              // steady_seconds() at the middle of the read (set by the Sampler)
  double power_instant_w = numerics::kNaN;  // current board power
  double power_average_w = numerics::kNaN;  // driver-averaged board power (about 1 s window)
  double energy_j = numerics::kNaN;         // total energy counter since the driver loaded
  double sm_clock_mhz = numerics::kNaN;
  double mem_clock_mhz = numerics::kNaN;
  double temperature_c = numerics::kNaN;
  std::uint64_t clock_event_reasons = 0;  // NVML clock-event (throttle) reason bits
};

// A source of readings: NVML on a real GPU, a simulation in tests. read() fills everything but t_s and
// may be slow (milliseconds); it is called from the sampler thread only.
class Sensor {
 public:
  virtual ~Sensor() = default;
  virtual Sample read() = 0;
};

}  // namespace autobench::power
