// `autobench-mpi model predict FILE --config ...`: the time a model file predicts at one point.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "suite/cli/errors.hpp"
#include "suite/cli/model_fit_options.hpp"
#include "suite/modeling/derived_parameters.hpp"
#include "suite/modeling/fitted_range.hpp"

namespace autobench::cli {
namespace {

struct PredictOptions {
  std::string file;
  std::string config;
};

// "NAME=VALUE,..." → one value per parameter of the model; a constant parameter may be left out, and
// so may the derived parameters: they are computed from the others with `kernel` (when it is known) on
// `device`, and a value given for one must be the computed one.
model::Row parse_point(const std::string& spec, const std::vector<model::Parameter>& parameters,
                       const kernels::KernelSpec* kernel, const backend::Occupancy& device) {
  std::map<std::string, double> given;
  std::istringstream in(spec);
  for (std::string item; std::getline(in, item, ',');) {
    const auto eq = item.find('=');
    if (eq == std::string::npos) throw UsageError("--config item '" + item + "' is not NAME=VALUE");
    const std::string name = item.substr(0, eq), text = item.substr(eq + 1);
    std::size_t used = 0;
    double v = NAN;
    try {
      v = std::stod(text, &used);
    } catch (const std::exception&) {
    }
    if (used != text.size() || !std::isfinite(v)) throw UsageError("--config " + name + "='" + text + "' is not a finite number");
    if (!given.emplace(name, v).second) throw UsageError("--config names " + name + " twice (give each parameter once)");
  }
  const auto derived = [&](const model::Parameter& p) { return kernel != nullptr && modeling::is_derived_parameter(*kernel, p.name()); };
  std::string names;
  for (const auto& p : parameters)
    if (!derived(p)) names += (names.empty() ? "" : ", ") + p.name();
  std::vector<std::string> base;  // the parameters given or constant, in order
  modeling::Samples point;
  point.rows.emplace_back();
  std::map<std::string, double> derived_given;
  for (const auto& p : parameters) {
    const auto it = given.find(p.name());
    if (derived(p)) {
      if (it != given.end()) {
        derived_given.insert(*it);
        given.erase(it);
      }
      continue;
    }
    double v = NAN;
    if (it != given.end()) {
      v = it->second;
      given.erase(it);
    } else if (p.kind() == model::ParameterKind::constant && !p.levels().empty()) {
      v = p.levels().front();
    }
    if (std::isnan(v)) throw UsageError("--config has no value for " + p.name() + " (the model's parameters: " + names + ")");
    base.push_back(p.name());
    point.rows.front().push_back(v);
  }
  if (!given.empty()) throw UsageError("--config names '" + given.begin()->first + "', which is not a parameter of the model (allowed: " + names + ")");
  if (base.size() < parameters.size()) {
    std::vector<std::string> all;
    for (const auto& p : parameters) all.push_back(p.name());
    try {
      modeling::set_derived_parameters(*kernel, modeling::offered_by(all, device), base, point);
    } catch (const std::invalid_argument& e) {
      throw UsageError(std::string("--config: ") + e.what());
    }
  }
  model::Row row;
  for (const auto& p : parameters)
    row.push_back(point.rows.front()[static_cast<std::size_t>(std::find(base.begin(), base.end(), p.name()) - base.begin())]);
  for (std::size_t i = 0; i < parameters.size(); ++i) {
    const auto it = derived_given.find(parameters[i].name());
    if (it != derived_given.end() && it->second != row[i])
      throw UsageError(fmt::format("--config {}={} does not match the configuration and size, which give {} (leave it out)",
                                   it->first, it->second, row[i]));
  }
  return row;
}

void predict(const PredictOptions& o) {
  const modeling::ModelRun run = read_for("model predict", o.file);
  const auto& m = run.selection.model;
  const model::Row row = parse_point(o.config, m.parameters(), kernels::find(run.kernel), device_of(run));
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
