// A point of a model's space typed as text, "NAME=VALUE,...": one value per parameter of the model, the
// constant and derived ones filled in (`model predict --config`).
#pragma once

#include <string>
#include <vector>

#include "kernels/kernel.hpp"
#include "model/parameter.hpp"
#include "model/linear_model.hpp"
#include "suite/backend/residency.hpp"

namespace autobench::modeling {

// One value per parameter of the model, in its order. A constant parameter may be left out, and so may
// the derived parameters: they are computed from the others with `kernel` (when it is known) on
// `device`, and a value given for one must be the computed one. Throws std::invalid_argument naming
// `option` (e.g. "--config") and the bad item, or the parameter missing.
model::Row parse_point(const std::string& spec, const std::vector<model::Parameter>& parameters,
                       const kernels::KernelSpec* kernel, const backend::Occupancy& device,
                       const std::string& option);

}  // namespace autobench::modeling
