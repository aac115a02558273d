// The "stdrel" stopping criterion (nvbench's idea): a size is timed until the relative standard error of
// its mean time reaches a target, within a launch and a time cap.
#pragma once

#include <memory>

#include "suite/autoscale/noise_stop.hpp"
#include "suite/autoscale/stopping_criterion.hpp"

namespace autobench::autoscale {

// More launches after `seconds`: as many as the noise seen so far needs to reach stop.target (the
// standard error falls as 1/sqrt(n)), at most as many as were timed already (the estimate is noisy),
// within stop.max_launches and within stop.max_time_s at the mean launch time so far; none when the
// target is reached, or off (0: exactly the plan's launches, --iterations N, the thesis).
std::unique_ptr<StoppingCriterion> stdrel_criterion(const NoiseStop& stop);

}  // namespace autobench::autoscale
