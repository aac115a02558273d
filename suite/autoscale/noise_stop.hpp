// When a size has been timed often enough: nvbench's stdrel idea, a target on the relative standard error.
#pragma once

#include <vector>

namespace autobench::autoscale {

// Noise-driven launch count (as nvbench's stdrel criterion): after timing.iterations launches, a size is
// timed in further batches until the relative standard error of the mean time (stddev / sqrt(n) / mean)
// is at most `target`, `max_launches` timed launches are reached, or the timed launches add up to
// `max_time_s`. target 0: exactly timing.iterations launches (--iterations N, the thesis).
struct NoiseStop {
  double target = 0.005;       // relative standard error to reach (0: off)
  int max_launches = 1000;     // timed launches per size at most
  double max_time_s = 0.2;     // summed kernel time per size at most
};

// The relative standard error of the mean of `seconds`: stddev / sqrt(n) / mean (NaN for fewer than 2).
double relative_standard_error(const std::vector<double>& seconds);

// How many more launches to time after `seconds` (0: stop): as many as the noise seen so far needs to
// reach the target, at most as many as were timed already (the estimate is noisy), within max_launches
// and within the time cap at the mean launch time so far; 0 when the target is reached or off.
int more_launches(const std::vector<double>& seconds, const NoiseStop& stop);

}  // namespace autobench::autoscale
