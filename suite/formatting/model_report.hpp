// The text report of a model file: the selection path as Stargazer's Table 1, the final model with
// each term's R² contribution, and the held-out errors.
#pragma once

#include <string>

#include "suite/modeling/model_run.hpp"

namespace autobench::formatting {

std::string model_report(const modeling::ModelRun& run, const std::string& path);

}  // namespace autobench::formatting
