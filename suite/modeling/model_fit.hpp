// A model run's fit from its measured samples: the first points train the stepwise model (Stargazer's
// selection, then the refit), the rest are held out and judge it.
#pragma once

#include <cstdint>
#include <vector>

#include "suite/modeling/design_space.hpp"
#include "suite/modeling/model_run.hpp"

namespace autobench::modeling {

// Fills run.training (points[0, training)) and run.test (the rest) with each point's row, time and the
// rank that measured it, then run.selection (fitted with run.options) and run.errors (on the held-out
// points). Throws std::invalid_argument when the fit fails.
void fit_model(ModelRun& run, const DesignSpace& space, const std::vector<DesignPoint>& points,
               const std::vector<double>& time_s, const std::vector<std::int64_t>& rank, std::size_t training);

}  // namespace autobench::modeling
