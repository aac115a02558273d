// The fit options' table (see fit_options.hpp).
#include "suite/model_file/fit_options.hpp"

#include <stdexcept>
#include <string>

#include "record/names.hpp"

namespace autobench::model_file {
namespace {

using F = FitSettings;
using nlohmann::json;

// --response: the model of ln y or of y (stored as the model file's log_response, 1 or 0).
constexpr auto kResponseNames = record::names<bool>("response", {{false, "time"}, {true, "log-time"}});

std::vector<campaign::Option<F>> make_fit_options() {
  namespace L = campaign::limits;
  using campaign::named, campaign::was;
  return {
      {"launch-parameters", "", "Also offer the launch geometry as parameters: launch_threads, launch_blocks, "
       "block_threads (true or false)",
       nullptr, +[](F& f) -> auto& { return f.launch_parameters; }, nullptr, {}, {}, true},
      {"derived-parameters", "", "Also offer what the kernel derives from a configuration (GEMM: thread_tile_m, "
       "thread_tile_n, a_loads_per_fma) and how full the launch keeps the device: blocks_per_sm, resident_threads "
       "(from the SM count and residency limits of rank 0's GPU; true or false)",
       nullptr, +[](F& f) -> auto& { return f.derived_parameters; }, nullptr, {}, {}, true},
      // Stored since linear interactions, ridge refits and relative gains; older files had the first of each
      // but gain: absolute gains.
      {"interactions", "", "What an interaction multiplies: splines (every spline column of both parameters) or "
       "linear (their linear columns only: one column)",
       "interactions", named(+[](F& f) -> auto& { return f.stepwise.interactions; }, model::kInteractionsNames),
       nullptr, was("splines")},
      {"refit", "", "The final fit of the chosen terms: least-squares, or ridge (penalty by generalized "
       "cross-validation: shrinks nearly collinear columns that least squares lets cancel on the training points "
       "and explode elsewhere)",
       "refit", named(+[](F& f) -> auto& { return f.stepwise.refit; }, model::kRefitNames), nullptr,
       was("least-squares")},
      {"theta", "", "A parameter enters when it raises adjusted R2 by more than this (see --gain)", "theta",
       +[](F& f) -> auto& { return f.stepwise.theta; }, &L::theta},
      {"phi", "", "An interaction enters when it raises adjusted R2 by more than this", "phi",
       +[](F& f) -> auto& { return f.stepwise.phi; }, &L::phi},
      {"gain", "", "What theta and phi compare with: relative (the share of the variance still unexplained) or "
       "absolute (the paper's: of all the variance)",
       "gain", named(+[](F& f) -> auto& { return f.stepwise.gain; }, model::kGainNames), nullptr, was("absolute")},
      {"max-terms", "", "At most this many terms, interactions included", "max_terms",
       +[](F& f) -> auto& { return f.stepwise.max_terms; }, &L::max_terms},
      {"knots", "", "Evenly spaced interior knots per numeric parameter", "interior_knots",
       +[](F& f) -> auto& { return f.stepwise.interior_knots; }, &L::knots},
      // Older files had no column cap: a term was tried while the fit kept residual degrees of freedom.
      {"rows-per-column", "", "A term is tried only while the model keeps this many observations per column",
       "rows_per_column", +[](F& f) -> auto& { return f.stepwise.rows_per_column; }, &L::rows_per_column, was(1)},
      // Older files averaged no fits.
      {"bagging", "", "Average this many selections and fits on bootstrap resamples of the training points (1: one "
       "fit): steadier predictions from few samples",
       "bagging", +[](F& f) -> auto& { return f.stepwise.bagging; }, &L::bagging, was(1)},
      // Stored as log_response, 1 or 0.
      {"response", "", "What the model fits: log-time (ln of the time; relative errors) or time", "log_response",
       named(+[](F& f) -> auto& { return f.stepwise.log_response; }, kResponseNames), nullptr, {}, {}, false,
       [](const F& f) { return json(f.stepwise.log_response ? 1 : 0); },
       [](F& f, const json& j) { f.stepwise.log_response = j.get<std::int64_t>() != 0; }},
  };
}

}  // namespace

const std::vector<campaign::Option<FitSettings>>& fit_options() {
  static const auto table = make_fit_options();
  return table;
}

model::StepwiseOptions checked_stepwise(const FitSettings& f) {
  try {
    model::check(f.stepwise);
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument(std::string("--") + e.what());
  }
  return f.stepwise;
}

}  // namespace autobench::model_file
