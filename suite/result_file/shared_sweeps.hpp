// Which of a rank's campaigns ran on the same sweep, so that the results file stores each measured point
// once (/sweeps) and each campaign only where it lies in its sweep. Pure logic over the results model.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "suite/results/results.hpp"

namespace autobench::result_file {

// One sweep of a kernel at one repeat: the distinct measurements of the campaigns that ran on it, in
// the order the campaigns first list them (the first campaign's points first).
struct SharedSweep {
  std::string kernel;
  int repeat = 0;
  // Group name under /sweeps/rank<R>: "<kernel>_repeat<K>", or "<kernel>_repeat<K>_<detector>" (the
  // detector of its first campaign) when the rank measured that kernel and repeat in several sweeps
  // (--independent-sweeps: one per detector).
  std::string name;
  std::vector<results::Point> points;
};

// Where one campaign's points lie in its sweep.
struct SweepRef {
  std::size_t sweep = 0;            // index into SharedSweeps::sweeps
  std::vector<std::int64_t> index;  // the campaign's point i is the sweep's point index[i]
  // Whether index is 0, 1, ..., n-1: the campaign holds the first n points of its sweep.
  bool prefix() const;
};

struct SharedSweeps {
  std::vector<SharedSweep> sweeps;
  std::vector<SweepRef> refs;  // one per campaign, in the given order
};

// Whether two points are the same measurement: equal size, refinement flag, iteration count, time
// statistics and launch times (bit for bit). Fields a campaign computes afterwards (e.g. its power
// correction) may still differ.
bool same_measurement(const results::Point& a, const results::Point& b);

// Groups the campaigns of one rank into sweeps: a campaign joins the sweep of its kernel and repeat
// that holds its first point, else starts one (a campaign without points joins the first sweep of its
// kernel and repeat). Each point is found in its sweep by same_measurement, else appended to it.
SharedSweeps share_sweeps(const std::vector<results::Campaign>& campaigns);

}  // namespace autobench::result_file
