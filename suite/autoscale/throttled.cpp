// Throttled points and knee detection (see throttled.hpp).
#include "suite/autoscale/throttled.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

#include <fmt/format.h>

#include "numerics/statistics.hpp"

namespace autobench::autoscale {

void flag_throttled(std::vector<results::Point>& points) {
  std::vector<double> clocks;
  for (const auto& p : points)
    if (std::isfinite(p.sm_clock_mhz)) clocks.push_back(p.sm_clock_mhz);
  const double normal = clocks.empty() ? results::kNaN : numerics::median(clocks);
  for (auto& p : points) {
    std::string reason = p.throttle_reason;  // the timed launches' reasons (summarize)
    if (p.sm_clock_mhz < kClockFallShare * normal)
      reason += fmt::format("{}sm_clock {:.0f}/{:.0f} MHz", reason.empty() ? "" : ", ", p.sm_clock_mhz, normal);
    if (p.throttled && reason.empty()) reason = "throttled";  // flagged by a file written before the reasons
    p.throttled = !reason.empty();
    p.throttle_reason = reason;
  }
}

void move_knee_off_throttled(results::Campaign& c) {
  if (!c.knee_detected || c.knee_index < 0 || static_cast<std::size_t>(c.knee_index) >= c.points.size()) return;
  const auto& knee = c.points[static_cast<std::size_t>(c.knee_index)];
  if (!knee.throttled) return;
  const double at = std::log(static_cast<double>(knee.size));
  std::int64_t best = -1;
  double best_distance = 0.0;
  for (std::size_t i = 0; i < c.points.size(); ++i) {
    if (c.points[i].throttled) continue;
    const double d = std::abs(std::log(static_cast<double>(c.points[i].size)) - at);
    if (best < 0 || d < best_distance || (d == best_distance && c.points[i].size > c.points[static_cast<std::size_t>(best)].size)) {
      best = static_cast<std::int64_t>(i);
      best_distance = d;
    }
  }
  c.detector_params += ",knee_moved_off_throttled=" + std::to_string(knee.size);
  c.knee_detected = best >= 0;
  c.knee_index = best >= 0 ? best : static_cast<std::int64_t>(c.points.size()) - 1;
  c.knee_size = c.points[static_cast<std::size_t>(c.knee_index)].size;
}

detect::Curve held_out(detect::Curve curve, const std::vector<detect::PointTiming>& timings) {
  for (std::size_t i = 1; i + 1 < curve.size() && i + 1 < timings.size(); ++i) {
    if (!timings[i].throttled || timings[i - 1].throttled || timings[i + 1].throttled) continue;
    const double a = std::log(curve.x[i - 1]), b = std::log(curve.x[i + 1]), w = (std::log(curve.x[i]) - a) / (b - a);
    curve.y[i] = (1.0 - w) * curve.y[i - 1] + w * curve.y[i + 1];
  }
  return curve;
}

bool awaits_clean_neighbour(const std::vector<detect::PointTiming>& timings) {
  const std::size_t n = timings.size();
  return n >= 2 && timings[n - 1].throttled && !timings[n - 2].throttled;
}

}  // namespace autobench::autoscale
