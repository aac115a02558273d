// Power from the sensor's own updates (see update_window.hpp).
#include "power/update_window.hpp"

#include <cmath>
#include <optional>
#include <stdexcept>
#include <string>

#include "power/sensor_updates.hpp"

namespace autobench::power {
namespace {

// With the counter read only at the window's edges, counter_power_w is its difference over the
// instant-power updates those two readings show (the first of them inside the load), not over the span.
// The first and last readings of the energy counter in a trace that has it only at a window's edges
// (counter_edges.hpp): the instant-power updates (indices into `updates`) each shows and the counter's
// values; none without two readings, or when the first shows no update of the trace.
struct CounterEdges {
  std::size_t first = 0, last = 0;
  double first_j = numerics::kNaN, last_j = numerics::kNaN;
};
std::optional<CounterEdges> counter_edges(std::span<const Sample> trace, const SensorUpdates& updates) {
  std::optional<std::size_t> i0, i1;
  for (std::size_t i = 0; i < trace.size(); ++i)
    if (std::isfinite(trace[i].energy_j)) {
      if (!i0) i0 = i;
      i1 = i;
    }
  if (!i0 || *i1 == *i0) return std::nullopt;
  // The update a reading shows: the last one at or before it.
  const auto shown = [&](std::size_t i) -> std::optional<std::size_t> {
    std::optional<std::size_t> k;
    for (std::size_t u = 0; u < updates.indices.size() && updates.indices[u] <= i; ++u) k = u;
    return k;
  };
  const auto k0 = shown(*i0), k1 = shown(*i1);
  if (!k0 || !k1 || *k1 <= *k0) return std::nullopt;
  return CounterEdges{*k0, *k1, trace[*i0].energy_j, trace[*i1].energy_j};
}

}  // namespace

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

  const double period = options.update_period_s;
  const bool known_period = period > 0 && std::isfinite(period);
  // A span between two updates, snapped to a whole number of known periods when it lies within a quarter
  // period of one (the driver publishes on a fixed clock; each observed update time is only known to ±
  // half a sampling interval).
  const auto snapped = [&](double observed) {
    const double whole = known_period ? std::round(observed / period) : 0.0;
    return whole >= 1 && std::abs(observed - whole * period) <= 0.25 * period ? whole * period : observed;
  };
  const double observed = updates.times_s[last] - updates.times_s[first];
  const double span = snapped(observed);
  w.intervals = known_period ? static_cast<std::size_t>(std::max(1.0, std::round(observed / period))) : last - first;
  w.start_s = updates.times_s[first] - lag;
  w.end_s = w.start_s + span;
  w.covered = true;
  if (w.from_counter) {
    w.counter_power_w = (trace[updates.indices[last]].energy_j - trace[updates.indices[first]].energy_j) / span;
  } else if (const auto edges = counter_edges(trace, updates); edges && updates.times_s[edges->first] - lag >= load_start_s) {
    // The counter read at the window's edges only: its difference over the updates those readings show.
    const auto [k0, k1, e0, e1] = *edges;
    w.counter_power_w = (e1 - e0) / snapped(updates.times_s[k1] - updates.times_s[k0]);
  }
  // The instant readings from the first sample showing update `first` up to the one showing `last`: every
  // reading published inside the span (the midpoint times above would hold the reading before the first update
  // for up to half a sampling interval).
  w.readings_start_s = trace[updates.indices[first]].t_s - lag;
  w.readings_end_s = trace[updates.indices[last]].t_s - lag;
  w.held = measure_window(trace, w.readings_start_s, w.readings_end_s, {lag});
  return w;
}

}  // namespace autobench::power
