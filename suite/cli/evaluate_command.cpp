// `autobench-mpi evaluate --dataset FILE [--predictions FILE]`: MAPE per kernel, overall and the error
// distribution of an external predictor (one prediction in us per JSONL line) and of the built-in
// baselines, for the dataset's random split and for leave-one-kernel-out.
#include <cmath>
#include <fstream>
#include <memory>
#include <set>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "suite/cli/commands.hpp"
#include "suite/cli/errors.hpp"
#include "suite/cli/output_option.hpp"
#include "suite/dataset/baselines.hpp"
#include "suite/dataset_file/dataset_file.hpp"
#include "suite/dataset/predictor_evaluation.hpp"
#include "suite/files/atomic_file.hpp"
#include "suite/files/input_file.hpp"
#include "suite/formatting/number_text.hpp"
#include "suite/text/echo.hpp"

namespace autobench::cli {
namespace {

namespace ds = dataset;

struct PredictorEvaluateOptions {
  std::string dataset, predictions, json_out;
  std::vector<std::string> baselines{"analytic", "regression", "stargazer"};
};

// The dataset's rows (dataset_file::read_rows), a bad file a usage error.
std::vector<ds::Row> read_rows(const std::string& path) {
  try {
    return dataset_file::read_rows(path);
  } catch (const std::invalid_argument& e) {
    throw UsageError(std::string("--dataset ") + e.what());
  }
}

std::vector<double> read_predictions(const std::string& path, std::size_t expected) {
  try {  // before opening it: a FIFO would block, a device never end
    files::check_regular_file(path);
  } catch (const files::InputRefused& e) {
    throw UsageError(std::string("--predictions ") + e.what());
  }
  std::ifstream in(path);
  if (!in) throw UsageError("--predictions '" + path + "' cannot be read");
  std::vector<double> out;
  std::string line;
  while (std::getline(in, line)) {
    const std::string where = "--predictions '" + path + "' line " + std::to_string(out.size() + 1) + ": ";
    std::istringstream text(line);
    std::string token, extra;
    text >> token;
    double v = 0;
    std::size_t used = 0;
    try {
      v = std::stod(token, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used == 0 || used != token.size() || (text >> extra))
      throw UsageError(where + "'" + line + "' is not one number (allowed: one predicted time in us per line)");
    if (!std::isfinite(v) || v < 0)
      throw UsageError(where + token + " is not allowed (allowed: a finite time >= 0 in us)");
    out.push_back(v);
  }
  if (out.size() != expected)
    throw UsageError("--predictions '" + path + "' has " + std::to_string(out.size()) + " lines; the dataset has " +
                     std::to_string(expected) + " rows (one prediction per JSONL line, in order)");
  return out;
}

nlohmann::json to_json(const ds::ErrorSummary& s) {
  return {{"count", s.count}, {"mape", s.mape}, {"p10", s.p10}, {"p25", s.p25}, {"p50", s.p50},
          {"p75", s.p75},     {"p90", s.p90},   {"max", s.max}};
}

void run_evaluate(const PredictorEvaluateOptions& o) {
  for (const auto& b : o.baselines)
    if (b != "analytic" && b != "regression" && b != "stargazer" && b != "none")
      throw UsageError("--baselines '" + b + "' is not allowed (allowed: analytic, regression, stargazer, none)");
  if (!o.json_out.empty()) check_output_file("", "--json", o.json_out);  // before any work
  const std::vector<ds::Row> rows = read_rows(o.dataset);
  std::vector<std::pair<std::string, ds::Predictor>> predictors;
  if (!o.predictions.empty()) {
    auto predicted = std::make_shared<std::vector<double>>(read_predictions(o.predictions, rows.size()));
    predictors.emplace_back("external", [predicted](const auto&, const auto&, const std::vector<std::size_t>& test) {
      std::vector<double> out;
      for (std::size_t i : test) out.push_back((*predicted)[i]);
      return out;
    });
  }
  for (const auto& b : o.baselines) {
    if (b == "analytic") predictors.emplace_back("analytic", ds::predict_analytic);
    if (b == "regression") predictors.emplace_back("regression", ds::predict_regression);
    if (b == "stargazer") predictors.emplace_back("stargazer", ds::predict_stargazer);
  }
  if (predictors.empty()) throw UsageError("nothing to evaluate: give --predictions or a baseline (--baselines)");

  std::set<std::string> kernels;
  std::size_t test_rows = 0;
  for (const auto& r : rows) kernels.insert(r.kernel), test_rows += r.test;
  fmt::print("{}: {} rows, {} kernels; random split: {} test rows\n", text::printable(o.dataset, text::kMessageBytes),
             rows.size(), kernels.size(), test_rows);
  fmt::print("{:<11} {:<21} {:>6} {:>9} {:>9} {:>9} {:>9}\n", "predictor", "split", "rows", "MAPE %", "p50 %", "p90 %",
             "max %");
  nlohmann::json report = {{"dataset", o.dataset}, {"rows", rows.size()}, {"results", nlohmann::json::array()}};
  std::vector<std::pair<std::string, ds::SplitReport>> all;
  for (const auto& [name, predict] : predictors) {
    for (auto split : {ds::evaluate_random(rows, predict), ds::evaluate_leave_one_kernel_out(rows, predict)}) {
      const auto& s = split.overall;
      fmt::print("{:<11} {:<21} {:>6} {:>9} {:>9} {:>9} {:>9}\n", name, split.split, s.count,
                 formatting::number_or(s.mape, "{:.2f}", "n/a"), formatting::number_or(s.p50, "{:.2f}", "n/a"),
                 formatting::number_or(s.p90, "{:.2f}", "n/a"), formatting::number_or(s.max, "{:.4g}", "n/a"));
      nlohmann::json per_kernel = nlohmann::json::object();
      for (const auto& [k, ks] : split.per_kernel) per_kernel[k] = to_json(ks);
      report["results"].push_back({{"predictor", name}, {"split", split.split}, {"overall", to_json(s)},
                                   {"per_kernel", per_kernel}});
      all.emplace_back(name, std::move(split));
    }
  }
  if (kernels.size() == 1)
    fmt::print("leave-one-kernel-out: n/a, the dataset has one kernel ({}): nothing to train on\n",
               text::printable(*kernels.begin()));
  fmt::print("\nMAPE % per kernel (random / leave-one-kernel-out):\n{:<12}", "kernel");
  for (const auto& [name, predict] : predictors) fmt::print(" {:>21}", name);
  fmt::print("\n");
  for (const auto& k : kernels) {
    fmt::print("{:<12}", text::printable(k));  // a name from the dataset: a newline cannot forge a row
    for (std::size_t p = 0; p < predictors.size(); ++p) {
      const auto& random = all[2 * p].second.per_kernel;
      const auto& loko = all[2 * p + 1].second.per_kernel;
      const auto r = random.find(k);
      const auto l = loko.find(k);
      fmt::print(" {:>9} / {:>9}", formatting::number_or(r == random.end() ? NAN : r->second.mape, "{:.2f}", "n/a"),
                 formatting::number_or(l == loko.end() ? NAN : l->second.mape, "{:.2f}", "n/a"));
    }
    fmt::print("\n");
  }
  if (!o.json_out.empty()) {
    try {
      files::write_file_atomically(o.json_out, report.dump(2) + "\n");
    } catch (const files::WriteError& e) {
      throw RunFailure(std::string("evaluate --json: ") + e.what());
    }
  }
}

}  // namespace

void add_evaluate_command(CLI::App& app) {
  auto o = std::make_shared<PredictorEvaluateOptions>();
  auto* cmd = app.add_subcommand("evaluate", "Score runtime predictions on a dataset JSONL: MAPE per kernel, overall "
                                             "and the error distribution, random and leave-one-kernel-out splits");
  cmd->add_option("--dataset", o->dataset, "The dataset's JSONL export (RUN_DIR/dataset.jsonl)")->required();
  cmd->add_option("--predictions", o->predictions, "Predicted times in us from any program, one per JSONL line, in order");
  cmd->add_option("--baselines", o->baselines, "Built-in baselines to score beside them: analytic (occupancy regime + "
                                               "roofline), regression (least squares on log2 features), "
                                               "stargazer (stepwise spline regression on the same "
                                               "features), none")
      ->delimiter(',')
      ->capture_default_str();
  cmd->add_option("--json", o->json_out, "Also write the full report (every kernel, every percentile) as JSON");
  cmd->callback([o] { run_evaluate(*o); });
}

}  // namespace autobench::cli
