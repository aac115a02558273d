// The exhaustive tuning strategy: every configuration of the space is timed once, the fastest is found.
#pragma once

#include <memory>

#include "suite/autoscale/tuning_strategy.hpp"

namespace autobench::autoscale {

// Probes the whole space in its order (all in the first round); the first of the fastest is found.
std::unique_ptr<TuningStrategy> exhaustive_search();

}  // namespace autobench::autoscale
