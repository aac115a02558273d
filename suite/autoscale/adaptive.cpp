// The adaptive sweep's step (see adaptive.hpp).
#include "suite/autoscale/adaptive.hpp"

#include <algorithm>
#include <cmath>

namespace autobench::autoscale {

double next_factor(const AutoscaleSettings& s, bool knee_counted, std::optional<SizeTime> previous, SizeTime latest,
                   std::optional<double> required_runtime_s) {
  if (s.sweep == SweepMode::geometric || knee_counted) return s.scale_factor;
  if (!required_runtime_s || !previous || !(latest.time_s > 0.0) || !(previous->time_s > 0.0) ||
      latest.time_s >= *required_runtime_s)
    return s.coarse_factor;
  const double exponent = std::log(latest.time_s / previous->time_s) /
                          std::log(static_cast<double>(latest.size) / static_cast<double>(previous->size));
  if (!(exponent > 0.0)) return s.coarse_factor;  // time not growing yet: far from the guard
  // Aim at the geometric middle of [R, R * scale_factor): past the guard despite noise, and where the
  // thesis sweep's curve ends on average.
  const double aim = *required_runtime_s * std::sqrt(s.scale_factor);
  const double lo = std::min(s.scale_factor, s.coarse_factor);
  return std::clamp(std::pow(aim / latest.time_s, 1.0 / exponent), lo, s.coarse_factor);
}

}  // namespace autobench::autoscale
