// Power from the sensor's own updates (see update_window.hpp).
#include "power/update_window.hpp"

#include <cmath>
#include <stdexcept>
#include <string>

#include "power/sensor_updates.hpp"

namespace autobench::power {

UpdateWindow measure_update_window(std::span<const Sample> trace, double load_start_s, double load_end_s,
                                   const UpdateWindowOptions& options) {
  if (!(load_end_s > load_start_s))
    throw std::invalid_argument("measure_update_window: load end " + std::to_string(load_end_s) +
                                " is not after its start " + std::to_string(load_start_s));
  UpdateWindow w;
  const double lag = options.sensor_lag_s;
  SensorUpdates updates = detect_updates(trace, &Sample::energy_j);
  w.from_counter = updates.indices.size() >= 2;
  if (!w.from_counter) updates = detect_updates(trace, &Sample::power_instant_w);

  std::size_t first = updates.indices.size(), last = first;
  for (std::size_t k = 0; k < updates.indices.size(); ++k) {
    const double t = updates.times_s[k] - lag;
    if (t < load_start_s + options.margin_s || t > load_end_s) continue;
    if (first == updates.indices.size()) first = k;
    last = k;
  }
  if (first == updates.indices.size() || last == first) return w;

  const double observed = updates.times_s[last] - updates.times_s[first];
  const double period = options.update_period_s;
  double span = observed;
  if (period > 0 && std::isfinite(period)) {
    const double whole = std::round(observed / period);
    if (whole >= 1 && std::abs(observed - whole * period) <= 0.25 * period) span = whole * period;
    w.intervals = static_cast<std::size_t>(std::max(1.0, std::round(observed / period)));
  } else {
    w.intervals = last - first;
  }
  w.start_s = updates.times_s[first] - lag;
  w.end_s = w.start_s + span;
  w.covered = true;
  if (w.from_counter)
    w.counter_power_w = (trace[updates.indices[last]].energy_j - trace[updates.indices[first]].energy_j) / span;
  // The instant readings from the first sample showing update `first` up to the one showing `last`: every
  // reading published inside the span (the midpoint times above would hold the reading before the first update
  // for up to half a sampling interval).
  w.readings_start_s = trace[updates.indices[first]].t_s - lag;
  w.readings_end_s = trace[updates.indices[last]].t_s - lag;
  w.held = measure_window(trace, w.readings_start_s, w.readings_end_s, {lag});
  return w;
}

}  // namespace autobench::power
