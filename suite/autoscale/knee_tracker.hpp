// Follows one detector along a growing sweep: when its knee counts, and when it has seen enough.
// Pure logic: fed the curve after every new point, it never measures anything itself.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "detect/detector.hpp"
#include "detect/safeguards.hpp"

namespace autobench::autoscale {

class KneeTracker {
 public:
  KneeTracker(std::string detector, const detect::Params& params, detect::Safeguards safeguards,
              std::size_t post_knee);

  // Call after each new point with the whole curve so far and the latest point's time.
  void observe(const detect::Curve& curve, double latest_time_s);

  // True once a knee counted and post_knee more sizes have been measured.
  bool satisfied() const;
  const std::string& detector() const { return name_; }
  std::optional<std::size_t> knee_index() const { return knee_; }
  // Points this detector needed: knee + post_knee + 1 once satisfied, else everything seen.
  std::size_t points_needed() const { return satisfied() ? *knee_points_ + post_knee_ : seen_; }

 private:
  std::string name_;
  std::unique_ptr<detect::Detector> detector_;
  detect::Safeguards safeguards_;
  std::size_t post_knee_;
  std::size_t seen_ = 0;
  std::optional<std::size_t> knee_;         // index of the knee when it first counted
  std::optional<std::size_t> knee_points_;  // curve length when it first counted
};

}  // namespace autobench::autoscale
