// Replayed knee detection (see replay.hpp).
#include "suite/autoscale/replay.hpp"

#include <algorithm>

#include "suite/autoscale/knee_metric.hpp"
#include "suite/autoscale/knee_tracker.hpp"

namespace autobench::autoscale {
namespace {

struct Series {
  detect::Curve curve;
  std::vector<detect::PointTiming> timings;
  void add(const results::Point& p, KneeMetric metric) {
    curve.x.push_back(static_cast<double>(p.size));
    curve.y.push_back(metric_value(metric, p));
    timings.push_back({p.time_mean_s, p.time_stddev_s, p.throttled});
  }
};

}  // namespace

ReplayedKnee replay_knee(const std::string& detector, const std::vector<results::Point>& points,
                         const AutoscaleSettings& settings) {
  KneeTracker tracker(detector, settings.detector_params, settings.safeguards, settings.fixed_thresholds,
                      settings.post_knee);
  Series sweep;
  for (const auto& p : points) {
    if (p.refinement) continue;
    sweep.add(p, settings.knee_metric);
    tracker.observe(sweep.curve, sweep.timings);
    if (tracker.knee_index()) break;
  }
  ReplayedKnee out{{}, sweep.curve.size(), settings.detector_params};
  if (!tracker.knee_index()) return out;
  out.params = tracker.counted_params();
  const auto detector_now = detect::make(detector, out.params);
  const bool refined = std::any_of(points.begin(), points.end(), [](const auto& p) { return p.refinement; });
  if (!refined) {
    out.knee = detector_now->find(sweep.curve);
    return out;
  }
  // Refinement relocated the knee (KneeTracker::relocate: the parameters in force when it counted) on every
  // point up to the last size the detector had seen then: a prefix of the size-sorted points.
  Series seen;
  for (const auto& p : points)
    if (static_cast<double>(p.size) <= sweep.curve.x.back()) seen.add(p, settings.knee_metric);
  out.knee = detector_now->find(seen.curve);
  if (!out.knee.index) {  // the knee stays at the size where it counted
    const double size = sweep.curve.x[*tracker.knee_index()];
    const auto at = static_cast<std::size_t>(std::find(seen.curve.x.begin(), seen.curve.x.end(), size) -
                                             seen.curve.x.begin());
    out.knee = {at, {at}, 0.0};
  }
  return out;
}

}  // namespace autobench::autoscale
