// Aligning a sampled power trace to a measured time window: mean power, energy, clock and temperature.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "power/sensor.hpp"

namespace autobench::power {

struct WindowOptions {
  // The sensor shows a change this long after it happened (see step_response_lag); sample times are
  // moved back by it before alignment. 0 trusts the timestamps as they are.
  double sensor_lag_s = 0.0;
};

struct WindowMeasurement {
  bool covered = false;         // the trace has samples at or before t0 and at or after t1 (after the lag shift)
  double duration_s = numerics::kNaN;     // t1 − t0
  double mean_power_w = numerics::kNaN;   // time-weighted mean of instant power over [t0, t1]
  double mean_average_power_w = numerics::kNaN;   // the same for the driver-averaged power
  double energy_from_power_j = numerics::kNaN;    // mean_power_w × duration_s
  double energy_from_counter_j = numerics::kNaN;  // counter at t1 minus at t0, linear between the counter's updates
  double mean_sm_clock_mhz = numerics::kNaN;
  double mean_mem_clock_mhz = numerics::kNaN;
  double mean_temperature_c = numerics::kNaN;
  std::uint64_t clock_event_reasons = 0;  // every reason bit seen in the window
  std::size_t samples = 0;                // samples inside [t0, t1]
  std::size_t power_updates = 0;          // instant-power updates inside [t0, t1] (see detect_updates)
};

// Each reading holds from its (shifted) timestamp until the next reading (sample and hold), so a mean
// over [t0, t1] weighs each reading by how long it was the latest one inside the window; NaN readings
// are left out of that field's mean. The energy counter is interpolated between its own update times
// (see detect_updates), not between samples: it is NaN when the window does not lie between the first and
// last counter update of the trace. The trace must be ordered by time. When the trace does not cover
// the window, only `covered`, `duration_s`, `samples` and `power_updates` are filled: a window the
// sampler did not see has no power. Throws std::invalid_argument when t1 ≤ t0.
WindowMeasurement measure_window(std::span<const Sample> trace, double t0_s, double t1_s,
                                 const WindowOptions& options = {});

}  // namespace autobench::power
