// The loop the recursive trace filters (g–h, Kalman) share: where they start and how they hold NaN gaps.
#pragma once

#include <cmath>
#include <cstddef>
#include <limits>
#include <span>
#include <vector>

namespace autobench::power {

// Outputs NaN up to the first finite sample, which starts the state (`start(z)` returns the level, and
// that sample is output unchanged); then, per later sample z, `step(z)` returns the new level. A NaN
// (or infinite) sample is not a measurement: `step` gets NaN and only predicts, holding the state.
template <class Start, class Step>
std::vector<double> run_recursive_filter(std::span<const double> trace, Start start, Step step) {
  constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
  std::vector<double> out(trace.size(), kNaN);
  std::size_t i = 0;
  while (i < trace.size() && !std::isfinite(trace[i])) ++i;
  if (i == trace.size()) return out;
  out[i] = start(trace[i]);
  for (++i; i < trace.size(); ++i) out[i] = step(std::isfinite(trace[i]) ? trace[i] : kNaN);
  return out;
}

}  // namespace autobench::power
