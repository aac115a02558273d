// Power over a load from the sensor's own updates: the energy counter between its first and last update
// inside the load, so a window of a few sensor updates is enough (no fixed 1 s window).
#pragma once

#include <cstddef>
#include <span>

#include "power/power_window.hpp"
#include "power/sensor.hpp"

namespace autobench::power {

struct UpdateWindowOptions {
  double sensor_lag_s = 0.0;       // a published value shows the load of this long before
  double update_period_s = 0.1;    // the sensor's known update period (calibrated, or the meter's default)
  double margin_s = 0.0;           // extra distance from the load's start (e.g. one sampling interval)
};

struct UpdateWindow {
  bool covered = false;         // at least two updates fell inside the load
  bool from_counter = false;    // the span is bounded by energy-counter updates (else instant-power updates)
  double start_s = numerics::kNaN;        // the measured span on the load's time base: first update − lag
  double end_s = numerics::kNaN;          //   ... last update − lag
  std::size_t intervals = 0;    // update periods the span holds
  double counter_power_w = numerics::kNaN;  // counter difference ÷ span (NaN without a counter)
  // measure_window over [readings_start_s, readings_end_s]: from the first sample showing the first update to
  // the first showing the last, lag-shifted (instant-power mean, clocks, temperature, ...)
  double readings_start_s = numerics::kNaN, readings_end_s = numerics::kNaN;
  WindowMeasurement held;
};

// The updates (of the energy counter when the trace has one, else of instant power) whose lag-shifted
// times lie in [load_start_s + margin_s, load_end_s] bound the span; a load that runs from load_start_s to
// load_end_s and is sampled until load_end_s + lag therefore gives at least ⌊(load − lag − margin) ÷ period⌋
// updates. The span's length is the observed time between the first and last update, snapped to a whole
// number of known periods when it lies within a quarter period of one (the driver publishes on a fixed
// clock; the observed update times are only known to ± half a sampling interval each). Not covered
// (fields NaN) with fewer than two updates. Throws std::invalid_argument when load_end_s ≤ load_start_s.
UpdateWindow measure_update_window(std::span<const Sample> trace, double load_start_s, double load_end_s,
                                   const UpdateWindowOptions& options = {});

}  // namespace autobench::power
