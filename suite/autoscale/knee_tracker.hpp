// Follows one detector along a growing sweep: when its knee counts, and when it has seen enough.
// Pure logic: fed the curve after every new point, it never measures anything itself.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "detect/detector.hpp"
#include "detect/safeguards.hpp"
#include "suite/autoscale/autoscale_settings.hpp"

namespace autobench::autoscale {

class KneeTracker {
 public:
  // `fixed` names the thresholds that noise-aware safeguards keep as given instead of deriving them.
  KneeTracker(std::string detector, const detect::Params& params, detect::Safeguards safeguards,
              FixedThresholds fixed, std::size_t post_knee);

  // Call after each new point with the whole curve so far and every point's timing (same length).
  // Throttled points are kept out where a clean neighbour can stand in (throttled.hpp).
  void observe(const detect::Curve& curve, const std::vector<detect::PointTiming>& timings);

  // After the knee counted: the detector's knee on `curve` (e.g. with refinement points added) with the
  // parameters in force when it counted, without the safeguards. Before: nullopt.
  std::optional<std::size_t> relocate(const detect::Curve& curve) const;

  // True once a knee counted and post_knee more sizes have been measured.
  bool satisfied() const;
  const std::string& detector() const { return name_; }
  std::optional<std::size_t> knee_index() const { return knee_; }
  // Points this detector needed: knee + post_knee + 1 once satisfied, else everything seen.
  std::size_t points_needed() const { return satisfied() ? *knee_points_ + post_knee_ : seen_; }
  // The curve's length when the knee counted (nullopt before): the sizes its detector saw.
  std::optional<std::size_t> counted_points() const { return knee_points_; }
  // The time the latest point must reach before a knee may count, for a curve with these timings;
  // nullopt while it cannot be known yet (noise-aware safeguards before min_points points).
  std::optional<double> required_runtime_s(const std::vector<detect::PointTiming>& timings) const;
  // When the knee counted: the detector parameters and the minimum runtime in force (noise-aware: derived).
  const detect::Params& counted_params() const { return counted_params_; }
  double counted_min_runtime_s() const { return counted_runtime_s_; }

 private:
  detect::Params params_for(const detect::Curve& curve, const std::vector<detect::PointTiming>& timings) const;

  std::string name_;
  detect::Params params_;
  std::unique_ptr<detect::Detector> detector_;  // with counted_params_: params_, or the noise-aware ones last used
  detect::Safeguards safeguards_;
  FixedThresholds fixed_;
  std::size_t post_knee_;
  std::size_t seen_ = 0;
  std::optional<std::size_t> knee_;         // index of the knee when it first counted
  std::optional<std::size_t> knee_points_;  // curve length when it first counted
  detect::Params counted_params_;
  double counted_runtime_s_ = 0.0;
};

}  // namespace autobench::autoscale
