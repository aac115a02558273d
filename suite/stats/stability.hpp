// Run-to-run stability of knees per (kernel, detector): across repeats on one device, across devices
// of one model, and across all devices, over the campaigns that found a knee (pure statistics, no I/O).
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
  int knees_found = 0;  // of those, campaigns whose knee counts (results::KneeStatus::found); the statistics
                        // below are over these only (NaN, -1 and 0 when there are none)
  int knee_edges = 0;   // campaigns whose knee is an edge (campaigns - knees_found - knee_edges found none)
  int knee_index_mode = -1;          // smallest most frequent knee index
  double knee_index_mean = results::kNaN;
  double knee_index_stddev = results::kNaN;    // population stddev (0 for one campaign)
  double knee_size_median = results::kNaN;
  double knee_size_iqr = results::kNaN;        // Q3 - Q1, linear interpolation between order statistics
  double within1_fraction = results::kNaN;     // fraction of the knees found within ±1 index of the mode
  double throughput_cv = results::kNaN;        // stddev / mean of throughput at the knee (population)
  double knee_size_cv = results::kNaN;         // stddev / mean of the knee size (population)
  int intervals_overlapping = 0;     // the most campaigns whose 95% knee intervals share one size
};

// Rows ordered by kernel, detector, then scope (device, model, all) and group. Every campaign with points
// counts in `campaigns`; only those whose knee was found enter the statistics.
std::vector<StabilityRow> compute_stability(const std::vector<results::RankResult>& ranks);

// The stability a results file stores: compute_stability over the complete campaigns only.
std::vector<StabilityRow> stability_of_complete(const std::vector<results::RankResult>& ranks);

}  // namespace autobench::stats
