// What `model`, `model predict` and `model evaluate` share: the options of a fit, and reading a model file.
#pragma once

#include <string>

#include <CLI/CLI.hpp>

#include "suite/backend/residency.hpp"
#include "suite/model_file/fit_options.hpp"
#include "suite/modeling/model_run.hpp"

namespace autobench::cli {

// The fit options (suite/model_file/fit_options.hpp) bound to `f`: `model` fits with them, `model evaluate`
// refits with them.
void add_fit_options(CLI::App& cmd, model_file::FitSettings& f);

// The model file `file`; throws UsageError "WHAT: why" when it cannot be read.
modeling::ModelRun read_for(const char* what, const std::string& file);
// The residency limits of the file's device (SM count 0 when the file does not record it).
backend::Occupancy device_of(const modeling::ModelRun& run);

// The subcommands of `model` (model_predict_command.cpp, model_evaluate_command.cpp).
CLI::App* add_model_predict_command(CLI::App& model);
CLI::App* add_model_evaluate_command(CLI::App& model);

}  // namespace autobench::cli
