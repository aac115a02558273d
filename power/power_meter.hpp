// What a power window needs from a device: the time base its kernels run on and a sensor trace on it.
#pragma once

#include <string>
#include <vector>

#include "power/sensor.hpp"

namespace autobench::power {

// How a sensor follows the true power: readings change every `update_period_s` and show the power of
// `lag_s` earlier. A window waits this long after the load starts before it counts (its lead-in).
struct SensorTiming {
  double update_period_s = 0.1;
  double lag_s = 0.06;
  double lead_in_s() const { return update_period_s + lag_s; }
};

// A real GPU's meter samples in real time (steady clock, see SampledPowerMeter); the sim backend's runs
// on simulated time, so sim windows cost no wall-clock time.
class PowerMeter {
 public:
  virtual ~PowerMeter() = default;
  // What the readings come from, e.g. "nvml" or "sim" (recorded with the device).
  virtual std::string source() const = 0;
  // Seconds on the trace's time base (steady_seconds() on a real GPU).
  virtual double now_s() = 0;
  // Lets the device idle for `seconds` (sleeps, or advances simulated time).
  virtual void idle(double seconds) = 0;
  // Starts a fresh trace, one reading every `interval_s`.
  virtual void start(double interval_s) = 0;
  // Keeps sampling until the trace holds a reading at or after `until_s`, then stops and returns
  // every reading since start(), ordered by time.
  virtual std::vector<Sample> stop(double until_s) = 0;
  // The update period and lag assumed for this sensor (a calibration may know better).
  virtual SensorTiming timing() const = 0;
};

}  // namespace autobench::power
