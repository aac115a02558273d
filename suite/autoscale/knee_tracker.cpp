// KneeTracker (see knee_tracker.hpp).
#include "suite/autoscale/knee_tracker.hpp"

#include "suite/autoscale/throttled.hpp"

namespace autobench::autoscale {

KneeTracker::KneeTracker(std::string detector, const detect::Params& params, detect::Safeguards safeguards,
                         FixedThresholds fixed, std::size_t post_knee)
    : name_(std::move(detector)),
      params_(params),
      detector_(detect::make(name_, params)),
      safeguards_(safeguards),
      fixed_(fixed),
      post_knee_(post_knee),
      counted_params_(params) {}

detect::Params KneeTracker::params_for(const detect::Curve& curve,
                                       const std::vector<detect::PointTiming>& timings) const {
  detect::Params p = detect::noise_adjusted(params_, safeguards_, curve, timings);  // fixed mode: unchanged
  if (fixed_.distance_threshold) p.distance_threshold = params_.distance_threshold;
  if (fixed_.sensitivity) p.sensitivity = params_.sensitivity;
  return p;
}

std::optional<double> KneeTracker::required_runtime_s(const std::vector<detect::PointTiming>& timings) const {
  if (safeguards_.mode == detect::SafeguardMode::fixed || fixed_.min_runtime) return safeguards_.min_runtime_s;
  if (safeguards_.min_points == 0 || timings.size() < safeguards_.min_points) return std::nullopt;
  return detect::required_runtime_s(safeguards_, timings);
}

void KneeTracker::observe(const detect::Curve& measured, const std::vector<detect::PointTiming>& timings) {
  seen_ = measured.size();
  if (knee_ || timings.empty() || measured.size() < safeguards_.min_points || awaits_clean_neighbour(timings)) return;
  const detect::Curve curve = held_out(measured, timings);
  const auto runtime = required_runtime_s(timings);
  if (!runtime || timings.back().mean_s < *runtime) return;
  if (safeguards_.mode == detect::SafeguardMode::noise_aware) {  // thresholds of this curve's noise
    counted_params_ = params_for(curve, timings);
    detector_ = detect::make(name_, counted_params_);
  }
  if ((knee_ = detector_->find(curve).index)) {
    knee_points_ = curve.size();
    counted_runtime_s_ = *runtime;
  }
}

std::optional<std::size_t> KneeTracker::relocate(const detect::Curve& curve) const {
  if (!knee_) return std::nullopt;
  return detector_->find(curve).index;
}

bool KneeTracker::satisfied() const { return knee_points_ && seen_ >= *knee_points_ + post_knee_; }

}  // namespace autobench::autoscale
