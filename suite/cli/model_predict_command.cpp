// `autobench-mpi model predict FILE --config ...`: the time a model file predicts at one point.
#include <cmath>
#include <cstdio>
#include <memory>
#include <string>

#include <fmt/format.h>

#include "suite/cli/errors.hpp"
#include "suite/cli/model_fit_options.hpp"
#include "suite/modeling/fitted_range.hpp"
#include "suite/modeling/point_spec.hpp"

namespace autobench::cli {
namespace {

struct PredictOptions {
  std::string file;
  std::string config;
};

void predict(const PredictOptions& o) {
  const modeling::ModelRun run = read_for("model predict", o.file);
  const auto& m = run.selection.model;
  model::Row row;
  try {
    row = modeling::parse_point(o.config, m.parameters(), kernels::find(run.kernel), device_of(run), "--config");
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  double t = NAN;
  try {
    t = m.predict(row);
  } catch (const std::invalid_argument& e) {
    throw UsageError(std::string("--config: ") + e.what());
  }
  if (!std::isfinite(t) || t <= 0)
    throw RunFailure(fmt::format("model predict: {}: the model predicts {} s at this point (not a time)", o.file, t));
  for (const std::string& outside : modeling::outside_fitted_range(m.parameters(), row))
    fmt::print(stderr, "autobench-mpi: warning: extrapolation: {} (the prediction is not backed by measurements)\n",
               outside);
  fmt::print("predicted time {:.6g} s ({}, {})\n", t, run.kernel.c_str(), run.device_model.c_str());
  for (const auto* set : {&run.training, &run.test})
    for (std::size_t i = 0; i < set->rows.size(); ++i)
      if (set->rows[i] == row)
        fmt::print("measured {:.6g} s ({} sample, rank {}): error {:+.2f} %\n", set->time_s[i],
                    set == &run.training ? "training" : "held-out", static_cast<long long>(set->rank[i]),
                    100 * (t - set->time_s[i]) / set->time_s[i]);
}

}  // namespace

CLI::App* add_model_predict_command(CLI::App& cmd) {
  auto p = std::make_shared<PredictOptions>();
  auto* pred = cmd.add_subcommand("predict", "Predict the time of one point from a model file");
  pred->add_option("file", p->file, "Model file written by `model` (model.h5)")->required();
  pred->add_option("--config", p->config, "The point: NAME=VALUE for every parameter, comma-separated, e.g. "
                                          "MWG=64,NWG=64,...,size=4096 (constant parameters may be left out)")
      ->required();
  pred->callback([p] { predict(*p); });
  return pred;
}

}  // namespace autobench::cli
