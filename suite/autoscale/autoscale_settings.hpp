// The autoscaler's settings, with the Autobench thesis's defaults.
#pragma once

#include <cstdint>

#include "detect/detector.hpp"
#include "detect/safeguards.hpp"
#include "suite/autoscale/knee_metric.hpp"
#include "suite/backend/device.hpp"

namespace autobench::autoscale {

struct AutoscaleSettings {
  std::uint64_t start_size = 0;    // 0: the kernel's default start size
  double scale_factor = 1.1;       // geometric growth between sizes (> 1)
  std::uint64_t max_size = 0;      // 0: estimate from free memory
  double safety_factor = 0.9;      // fraction of free memory a sweep may use
  std::size_t post_knee = 3;       // sizes measured after a knee before the sweep stops
  detect::Safeguards safeguards;   // min points (5) and min runtime (1 ms) before a knee counts
  detect::Params detector_params;
  KneeMetric knee_metric = KneeMetric::throughput;  // the curve the detectors see
  backend::TimingPlan timing;      // 1 warm-up + 32 timed iterations (33 launches, first dropped)
  int tune_budget = 32;            // configurations timed per size; spaces no larger are searched exhaustively
  int tune_iterations = 3;         // timed launches per configuration during the search
  std::uint64_t seed = 1;          // for sampling configurations when the budget is smaller than the space
};

}  // namespace autobench::autoscale
