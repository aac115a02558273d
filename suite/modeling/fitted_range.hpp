// Whether a point asked of a model lies inside what it was fitted on (its numeric parameters' ranges).
#pragma once

#include <string>
#include <vector>

#include "model/linear_model.hpp"

namespace autobench::modeling {

// One line per numeric parameter whose value in `row` (one value per parameter) lies outside the range
// the model was fitted on: "size=1e+09 lies outside the fitted 128..65536"; empty when none does.
std::vector<std::string> outside_fitted_range(const std::vector<model::Parameter>& parameters, const model::Row& row);

}  // namespace autobench::modeling
