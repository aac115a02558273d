// KneeTracker (see knee_tracker.hpp).
#include "suite/autoscale/knee_tracker.hpp"

namespace autobench::autoscale {

KneeTracker::KneeTracker(std::string detector, const detect::Params& params, detect::Safeguards safeguards,
                         std::size_t post_knee)
    : name_(std::move(detector)),
      detector_(detect::make(name_, params)),
      safeguards_(safeguards),
      post_knee_(post_knee) {}

void KneeTracker::observe(const detect::Curve& curve, double latest_time_s) {
  seen_ = curve.size();
  if (knee_ || !detect::may_detect(safeguards_, curve.size(), latest_time_s)) return;
  if (auto found = detector_->find(curve).index) {
    knee_ = found;
    knee_points_ = curve.size();
  }
}

bool KneeTracker::satisfied() const { return knee_points_ && seen_ >= *knee_points_ + post_knee_; }

}  // namespace autobench::autoscale
