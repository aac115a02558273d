// One row of the run-to-run stability of knees per (kernel, detector) and scope, as a results file holds
// it (computed by stats/stability.hpp, written and read with results/stability_fields.hpp).
#pragma once

#include <string>

#include "suite/results/device_info.hpp"

namespace autobench::results {

struct StabilityRow {
  std::string kernel;
  std::string detector;
  std::string scope;   // "device" (one rank), "model" (all devices of a model) or "all"
  std::string group;   // "rank3", the model name, or "all"
  int campaigns = 0;   // finished campaigns in the group
  int knees_found = 0;  // of those, campaigns whose knee counts (KneeStatus::found); the statistics
                        // below are over these only (NaN, -1 and 0 when there are none)
  int knee_edges = 0;   // campaigns whose knee is an edge (campaigns - knees_found - knee_edges found none)
  int knee_index_mode = -1;          // smallest most frequent knee index
  double knee_index_mean = kNaN;
  double knee_index_stddev = kNaN;    // population stddev (0 for one campaign)
  double knee_size_median = kNaN;
  double knee_size_iqr = kNaN;        // Q3 - Q1, linear interpolation between order statistics
  double within1_fraction = kNaN;     // fraction of the knees found within ±1 index of the mode
  double throughput_cv = kNaN;        // stddev / mean of throughput at the knee (population)
  double knee_size_cv = kNaN;         // stddev / mean of the knee size (population)
  int intervals_overlapping = 0;     // the most campaigns whose 95% knee intervals share one size
};

}  // namespace autobench::results
