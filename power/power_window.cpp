#include "power/power_window.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include "power/sensor_updates.hpp"

namespace autobench::power {

namespace {

// Time-weighted mean of `field` over [t0, t1] with sample-and-hold between shifted timestamps.
// `first` is the last sample at or before t0.
double held_mean(std::span<const Sample> trace, std::size_t first, double lag, double t0, double t1,
                 SampleField field) {
  double weighted = 0.0, covered = 0.0;
  for (std::size_t i = first; i < trace.size(); ++i) {
    const double start = std::max(trace[i].t_s - lag, t0);
    if (start >= t1) break;
    const double end = i + 1 < trace.size() ? std::min(trace[i + 1].t_s - lag, t1) : t1;
    const double v = trace[i].*field;
    if (end > start && std::isfinite(v)) {
      weighted += v * (end - start);
      covered += end - start;
    }
  }
  return covered > 0.0 ? weighted / covered : numerics::kNaN;
}

// The energy counter at time t. The counter is a staircase that steps when the driver publishes a new
// total, so it is known exactly only at its update times (detect_updates, shifted by the lag); between
// two updates it is interpolated linearly, which is exact while the power is constant. Interpolating
// between raw samples instead would carry up to one whole step of error at each end of the window.
double counter_at(std::span<const Sample> trace, const SensorUpdates& updates, double lag, double t) {
  for (std::size_t k = 1; k < updates.times_s.size(); ++k) {
    const double ta = updates.times_s[k - 1] - lag, tb = updates.times_s[k] - lag;
    if (t < ta) break;
    if (t <= tb) {
      const double ea = trace[updates.indices[k - 1]].energy_j, eb = trace[updates.indices[k]].energy_j;
      return ea + (eb - ea) * (t - ta) / (tb - ta);
    }
  }
  return numerics::kNaN;
}

}  // namespace

WindowMeasurement measure_window(std::span<const Sample> trace, double t0_s, double t1_s,
                                 const WindowOptions& options) {
  if (!(t1_s > t0_s)) {
    throw std::invalid_argument("measure_window: window end " + std::to_string(t1_s) +
                                " is not after its start " + std::to_string(t0_s));
  }
  const double lag = options.sensor_lag_s;
  WindowMeasurement m;
  m.duration_s = t1_s - t0_s;

  std::size_t first = trace.size();  // last sample at or before t0
  bool reaches_end = false;
  for (std::size_t i = 0; i < trace.size(); ++i) {
    const double t = trace[i].t_s - lag;
    if (t <= t0_s) first = i;
    if (t >= t1_s) reaches_end = true;
    if (t >= t0_s && t <= t1_s) {
      ++m.samples;
      m.clock_event_reasons |= trace[i].clock_event_reasons;
    }
  }
  for (std::size_t index : detect_updates(trace).indices) {
    const double t = trace[index].t_s - lag;
    if (t >= t0_s && t <= t1_s) ++m.power_updates;
  }
  m.covered = first != trace.size() && reaches_end;
  if (!m.covered) return m;

  // The reading in force at t0 was taken before it: its reasons applied inside the window too.
  m.clock_event_reasons |= trace[first].clock_event_reasons;
  m.mean_power_w = held_mean(trace, first, lag, t0_s, t1_s, &Sample::power_instant_w);
  m.mean_average_power_w = held_mean(trace, first, lag, t0_s, t1_s, &Sample::power_average_w);
  m.mean_sm_clock_mhz = held_mean(trace, first, lag, t0_s, t1_s, &Sample::sm_clock_mhz);
  m.mean_mem_clock_mhz = held_mean(trace, first, lag, t0_s, t1_s, &Sample::mem_clock_mhz);
  m.mean_temperature_c = held_mean(trace, first, lag, t0_s, t1_s, &Sample::temperature_c);
  m.energy_from_power_j = m.mean_power_w * m.duration_s;
  const SensorUpdates counter_updates = detect_updates(trace, &Sample::energy_j);
  m.energy_from_counter_j =
      counter_at(trace, counter_updates, lag, t1_s) - counter_at(trace, counter_updates, lag, t0_s);
  return m;
}

}  // namespace autobench::power
