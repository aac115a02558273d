// Energy-counter reads at a window's edges (see counter_edges.hpp).
#include "power/counter_edges.hpp"

#include <cmath>

namespace autobench::power {

bool CounterStartEdge::is_edge(const Sample* previous, const Sample& current) {
  if (taken_ || !(current.t_s >= from_s_)) return false;
  const bool updated = std::isnan(current.power_instant_w) ||
                       (previous && previous->power_instant_w != current.power_instant_w);
  taken_ = updated;
  return updated;
}

void keep_counter_at_edges(std::vector<Sample>& trace, double from_s) {
  CounterStartEdge start(from_s);
  for (std::size_t i = 0; i < trace.size(); ++i) {
    const bool edge = start.is_edge(i > 0 ? &trace[i - 1] : nullptr, trace[i]) || i + 1 == trace.size();
    if (!edge) trace[i].energy_j = numerics::kNaN;
  }
}

}  // namespace autobench::power
