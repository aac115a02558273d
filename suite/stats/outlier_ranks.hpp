// Outlier GPUs: ranks whose plateau, knee size or power at the knee deviates from the other ranks of
// the same device model beyond median +- k x scaled MAD and a minimum relative deviation (pure logic).
#pragma once

#include <string>
#include <vector>

#include "suite/results/results.hpp"

namespace autobench::stats {

inline constexpr double kMadScale = 1.4826;  // MAD x this estimates the standard deviation of normal data

struct OutlierRule {
  double k = 3.5;             // robust z-score limit: |x - median| > k x kMadScale x MAD
  std::size_t min_ranks = 3;  // ranks of one model needed to tell which one deviates
  // A deviation counts only beyond this fraction of the median as well, so that devices that differ by
  // noise alone (MAD near 0) are not flagged. Knees move in steps of the sweep's scale factor (10%), so
  // their floor is wider.
  double min_plateau = 0.05, min_knee = 0.25, min_power = 0.10;
};

// Which of `values` lie beyond median +- k x kMadScale x MAD and, too, beyond min_relative x |median|.
// NaN values are ignored and never flagged; fewer than `min_values` values flag none.
std::vector<bool> robust_outliers(const std::vector<double>& values, double k, double min_relative,
                                  std::size_t min_values);

struct OutlierFlag {
  int rank = 0;
  std::string hostname, pci_bus_id, uuid;
  std::string model;                 // model label (compare_figures.hpp)
  std::string kernel, detector;
  std::string metric;                // "plateau", "knee_size" or "power_at_knee_w"
  double value = 0.0;                // the rank's median over its campaigns (repeats)
  double median = 0.0;               // median of that over the model's ranks
  double deviation = 0.0;            // value / median - 1
  double limit = 0.0;                // the relative deviation it had to exceed: max(k x scaled MAD, floor) / |median|
  std::size_t ranks = 0;             // ranks of the model compared
};

struct OutlierScan {
  std::vector<std::string> models;   // "MODEL (N ranks)" of every model with at least min_ranks ranks
  std::vector<OutlierFlag> flags;    // by model, kernel, detector, metric, rank
};

// Per (model, kernel, detector): each started rank's median plateau, knee size and power at the knee
// over its finished campaigns, compared across the model's ranks by robust_outliers.
OutlierScan find_outlier_ranks(const std::vector<results::RankResult>& ranks, const OutlierRule& rule = {});

}  // namespace autobench::stats
