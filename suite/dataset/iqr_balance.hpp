// IQR-based refinement of a dataset's execution-time distribution (LLMPerf): the log2-time histogram's
// bins below the upper quartile of the bin counts are sparse; each gets new configurations whose time,
// predicted by a linear fit of time against global size per kernel, falls into it. Pure logic.
#pragma once

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "suite/dataset/launch_config.hpp"

namespace autobench::dataset {

inline constexpr double kDecadeLog2 = 3.321928094887362;  // log2(10): one histogram bin per decade

// Counts of log2(time) in bins [first + i, first + i + 1) x width.
struct Histogram {
  double width_log2 = kDecadeLog2;
  long first_bin = 0;
  std::vector<std::size_t> counts;
  double bin_lo(std::size_t i) const;  // time at the bin's lower edge (the times' unit)
  double bin_hi(std::size_t i) const;
};
// Every bin from the smallest to the largest time, empty ones included; times must be > 0.
Histogram log2_histogram(const std::vector<double>& times, double width_log2 = kDecadeLog2);

// Least squares time = intercept + slope * global size; usable when slope > 0 (2+ distinct sizes).
struct LinearFit {
  double intercept = 0, slope = 0;
  bool usable = false;
  double time_at(double global_size) const { return intercept + slope * global_size; }
  double global_size_for(double time) const { return (time - intercept) / slope; }
};
LinearFit fit_line(const std::vector<double>& x, const std::vector<double>& y);

// The measured samples of one kernel and the global sizes it can reach.
struct KernelTimes {
  std::string kernel;
  std::vector<double> global_size;
  std::vector<double> time_us;
  double min_global = 0, max_global = 0;
};

// One configuration to add: a kernel and a global size whose predicted time falls in a sparse bin.
struct BalanceRequest {
  std::string kernel;
  double target_time_us = 0;
  double global_size = 0;
  std::string reason;  // "log2-time bin [a, b) us: c samples < target T (Q3 of bin counts ...)"
};

struct BalancePlan {
  Histogram before;
  double q1 = 0, median = 0, q3 = 0;  // of the bin counts
  std::size_t target = 0;             // every bin is filled up to this: max(Q3, ceil(max count / 3))
  std::size_t requested = 0;          // sum of the deficits before the cap
  std::vector<BalanceRequest> requests;
  std::vector<std::string> unreachable;  // bins no kernel's fit reaches in its size range
};

// Plans the refinement: at most max_added requests (deficits scaled down proportionally when capped,
// every deficient bin keeping at least one while room is left). Deterministic for a seed.
BalancePlan plan_iqr_balance(const std::vector<KernelTimes>& kernels, std::size_t max_added, std::uint64_t seed,
                             double width_log2 = kDecadeLog2);

// The request as a configuration of its kernel: a random candidate tunable set, the smallest size with
// at least global_size / block threads' worth of workgroups; origin iqr with the request's reason.
// Returns false when no candidate reaches that size.
bool realise(const LaunchShape& shape, const backend::Occupancy& occupancy, const BalanceRequest& request,
             std::mt19937_64& rng, LaunchConfig& out);

}  // namespace autobench::dataset
