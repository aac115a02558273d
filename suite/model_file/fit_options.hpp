// The options of a model fit (`model` fits with them, `model evaluate` refits with them): one table that
// drives both commands' command line, the model file's fit attributes (written and read back, older files
// as the table says), the range checks and docs/options.md.
#pragma once

#include <vector>

#include "model/stepwise.hpp"
#include "suite/campaign/option.hpp"

namespace autobench::model_file {

struct FitSettings {
  model::StepwiseOptions stepwise = [] {
    model::StepwiseOptions s;
    s.log_response = true;  // --response log-time
    return s;
  }();
  bool launch_parameters = false;   // offer the launch geometry as parameters (not stored: the parameters are)
  bool derived_parameters = false;  // offer what the kernel derives and the launch's residency (likewise)
};

// In --help order; --launch-parameters and --derived-parameters take true or false, so they are by_hand
// (suite/cli/model_command.cpp binds them).
const std::vector<campaign::Option<FitSettings>>& fit_options();

// The stepwise options of `f`, checked together; throws std::invalid_argument "--bagging 5 needs the ridge
// refit ..." naming the option.
model::StepwiseOptions checked_stepwise(const FitSettings& f);

}  // namespace autobench::model_file
