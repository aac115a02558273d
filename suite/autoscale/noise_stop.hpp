// The per-size stop's settings (which stopping criterion, and the stdrel criterion's target and caps) and
// the noise statistic it watches.
#pragma once

#include <string>
#include <vector>

namespace autobench::autoscale {

// After timing.iterations launches, a size is timed in further batches while its stopping criterion
// (stopping_criteria.hpp) asks for them. stdrel: until the relative standard error of the mean time
// (stddev / sqrt(n) / mean) is at most `target`, `max_launches` timed launches are reached, or the timed
// launches add up to `max_time_s`; target 0: exactly timing.iterations launches (--iterations N, the thesis).
struct NoiseStop {
  std::string criterion = "stdrel";  // by name
  double target = 0.005;       // relative standard error to reach (0: off)
  int max_launches = 1000;     // timed launches per size at most
  double max_time_s = 0.2;     // summed kernel time per size at most
};

// The relative standard error of the mean of `seconds`: stddev / sqrt(n) / mean (NaN for fewer than 2).
double relative_standard_error(const std::vector<double>& seconds);

}  // namespace autobench::autoscale
