#include "power/sensor_updates.hpp"

#include <algorithm>
#include <cmath>

#include "numerics/statistics.hpp"

namespace autobench::power {

SensorUpdates detect_updates(std::span<const Sample> trace, SampleField field) {
  SensorUpdates out;
  std::vector<double> sample_gaps;
  std::size_t previous = trace.size();  // index of the previous finite sample
  for (std::size_t i = 0; i < trace.size(); ++i) {
    const double v = trace[i].*field;
    if (!std::isfinite(v)) continue;
    if (previous != trace.size()) {
      sample_gaps.push_back(trace[i].t_s - trace[previous].t_s);
      if (v != trace[previous].*field) {
        out.indices.push_back(i);
        out.times_s.push_back(0.5 * (trace[i].t_s + trace[previous].t_s));
      }
    }
    previous = i;
  }
  std::vector<double> update_gaps;
  for (std::size_t k = 1; k < out.times_s.size(); ++k) update_gaps.push_back(out.times_s[k] - out.times_s[k - 1]);
  out.period_s = numerics::median_or_nan(std::move(update_gaps));
  out.sampling_interval_s = numerics::median_or_nan(std::move(sample_gaps));
  return out;
}

double step_response_lag(std::span<const Sample> trace, double step_s, double end_s, SampleField field) {
  const double settled_from = 0.5 * (step_s + end_s);
  std::vector<double> before, after;
  for (const auto& s : trace) {
    const double v = s.*field;
    if (!std::isfinite(v)) continue;
    if (s.t_s < step_s) before.push_back(v);
    else if (s.t_s >= settled_from && s.t_s <= end_s) after.push_back(v);
  }
  if (before.empty() || after.empty()) return numerics::kNaN;
  const double level_before = numerics::median_or_nan(before);
  const double level_after = numerics::median_or_nan(after);
  // A step must stand out of the noise before it: more than 4 robust standard deviations (1.4826·MAD).
  std::vector<double> deviations;
  for (double v : before) deviations.push_back(std::abs(v - level_before));
  const double sigma = 1.4826 * numerics::median_or_nan(std::move(deviations));
  if (!(std::abs(level_after - level_before) > 4.0 * sigma) || level_after == level_before) return numerics::kNaN;
  const double halfway = 0.5 * (level_before + level_after);
  const bool rising = level_after > level_before;

  const SensorUpdates updates = detect_updates(trace, field);
  for (std::size_t k = 0; k < updates.indices.size(); ++k) {
    const double t = trace[updates.indices[k]].t_s;
    if (t < step_s) continue;
    if (t > end_s) break;
    const double v = trace[updates.indices[k]].*field;
    if (rising ? v > halfway : v < halfway) return updates.times_s[k] - step_s;
  }
  return numerics::kNaN;
}

}  // namespace autobench::power
