// What `model`, `model predict` and `model evaluate` share: the options of a fit, and reading a model file.
#pragma once

#include <string>

#include <CLI/CLI.hpp>

#include "model/stepwise.hpp"
#include "suite/backend/residency.hpp"
#include "suite/modeling/model_run.hpp"

namespace autobench::cli {

// How a model is fitted: `model` fits with these, `model evaluate` refits with them.
struct FitOptions {
  bool launch_parameters = false;
  bool derived_parameters = false;
  std::string interactions = "splines";
  std::string refit = "least-squares";
  double theta = 0.01, phi = 0.01;
  std::string gain = "relative";
  int max_terms = 20, knots = 2, rows_per_column = 4, bagging = 1;
  std::string response = "log-time";
};

// Throws std::invalid_argument naming the bad option and what is allowed.
model::StepwiseOptions stepwise_options(const FitOptions& f);
void add_fit_options(CLI::App* cmd, FitOptions& f);

// The model file `file`; throws UsageError "WHAT: why" when it cannot be read.
modeling::ModelRun read_for(const char* what, const std::string& file);
// The residency limits of the file's device (SM count 0 when the file does not record it).
backend::Occupancy device_of(const modeling::ModelRun& run);

// The subcommands of `model` (model_predict_command.cpp, model_evaluate_command.cpp).
CLI::App* add_model_predict_command(CLI::App& model);
CLI::App* add_model_evaluate_command(CLI::App& model);

}  // namespace autobench::cli
