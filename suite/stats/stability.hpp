// Run-to-run stability of knees per (kernel, detector): across repeats on one device, across devices
// of one model, and across all devices (pure statistics, no I/O).
#pragma once

#include <string>
#include <vector>

#include "suite/results/results.hpp"

namespace autobench::stats {

struct StabilityRow {
  std::string kernel;
  std::string detector;
  std::string scope;   // "device" (one rank), "model" (all devices of a model) or "all"
  std::string group;   // "rank3", the model name, or "all"
  int campaigns = 0;   // finished campaigns in the group
  int knee_index_mode = -1;          // smallest most frequent knee index
  double knee_index_mean = 0.0;
  double knee_index_stddev = 0.0;    // population stddev (0 for one campaign)
  double knee_size_median = 0.0;
  double knee_size_iqr = 0.0;        // Q3 - Q1, linear interpolation between order statistics
  double within1_fraction = 0.0;     // fraction of campaigns whose knee index is within ±1 of the mode
  double throughput_cv = 0.0;        // stddev / mean of throughput at the knee (population)
  double knee_size_cv = 0.0;         // stddev / mean of the knee size (population)
  int intervals_overlapping = 0;     // the most campaigns whose 95% knee intervals share one size
};

// Rows ordered by kernel, detector, then scope (device, model, all) and group.
std::vector<StabilityRow> compute_stability(const std::vector<results::RankResult>& ranks);

}  // namespace autobench::stats
