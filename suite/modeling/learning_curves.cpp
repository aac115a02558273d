// Learning curves (see learning_curves.hpp).
#include "suite/modeling/learning_curves.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <random>
#include <stdexcept>

#include "model/held_out.hpp"

namespace autobench::modeling {
namespace {

struct Ratios {
  double sum = 0, max = 0;
  int count = 0;
  void add(double r) {
    sum += r;
    max = std::max(max, r);
    ++count;
  }
  double mean() const { return count ? sum / count : NAN; }
};

// The fixed reference: every non-constant parameter's main effect, fitted without selection (by the
// stepwise model's refit: least squares or ridge).
model::LinearModel fixed_model(const model::LinearModel& like, const std::vector<model::Row>& rows,
                               const std::vector<double>& y, const model::StepwiseOptions& options) {
  std::vector<model::Term> terms;
  for (std::size_t j = 0; j < like.parameters().size(); ++j)
    if (like.parameters()[j].kind() != model::ParameterKind::constant) terms.push_back({static_cast<int>(j), -1});
  return model::LinearModel::fit(like.parameters(), terms, rows, y, options.log_response, nullptr, options.refit);
}

}  // namespace

std::vector<EvaluationRow> evaluate(const std::vector<std::string>& names, const Samples& pool,
                                    const model::StepwiseOptions& options, const EvaluationSettings& settings) {
  const auto size_at = std::find(names.begin(), names.end(), "size");
  if (size_at == names.end()) throw std::invalid_argument("the pool has no parameter named size");
  const std::size_t size_col = static_cast<std::size_t>(size_at - names.begin());
  if (settings.repeats < 1 || settings.repeats > 1000 || settings.top_k < 1 || settings.top_k > 1000)
    throw std::invalid_argument("repeats and top-k must be in 1..1000");
  const std::size_t n = pool.rows.size();
  std::map<double, std::vector<std::size_t>> by_size;  // problem size -> pool indices
  for (std::size_t i = 0; i < n; ++i) by_size[pool.rows[i][size_col]].push_back(i);
  std::map<double, double> best;
  for (const auto& [s, idx] : by_size) {
    best[s] = INFINITY;
    for (auto i : idx) best[s] = std::min(best[s], pool.time_s[i]);
  }

  const model::ParameterCoding coding = model::coding_of(names, pool.rows);
  std::mt19937_64 rng(settings.seed);
  std::vector<EvaluationRow> out;
  for (std::size_t samples : settings.samples) {
    if (samples < 3 || samples + 1 > n)
      throw std::invalid_argument("a training set of " + std::to_string(samples) + " needs a pool of more points (the pool has " +
                                  std::to_string(n) + "; at least 3 samples)");
    EvaluationRow row;
    row.samples = samples;
    const std::size_t extra = static_cast<std::size_t>(settings.top_k) * by_size.size();
    row.measured_fraction = std::min(1.0, static_cast<double>(samples + extra) / static_cast<double>(n));
    Ratios model_r, random_r;
    for (int r = 0; r < settings.repeats; ++r) {
      std::vector<std::size_t> order(n);
      std::iota(order.begin(), order.end(), 0);
      std::shuffle(order.begin(), order.end(), rng);
      Samples train, test;
      for (std::size_t k = 0; k < n; ++k) {
        Samples& to = k < samples ? train : test;
        to.rows.push_back(pool.rows[order[k]]);
        to.time_s.push_back(pool.time_s[order[k]]);
      }
      const auto s = model::select(names, train.rows, train.time_s, options, coding);
      row.stepwise_terms += static_cast<double>(s.model.terms().size());
      row.stepwise_error += model::held_out_errors(s.model, test.rows, test.time_s).mean_relative;
      row.fixed_error += model::held_out_errors(fixed_model(s.model, train.rows, train.time_s, options),
                                                test.rows, test.time_s).mean_relative;
      // Model-guided: per size, measure the k configurations predicted fastest; keep the best measured.
      for (const auto& [size, idx] : by_size) {
        std::vector<std::pair<double, std::size_t>> predicted;
        for (auto i : idx) {
          double p = INFINITY;
          try {
            p = s.model.predict(pool.rows[i]);
          } catch (const std::invalid_argument&) {  // a level the training set never saw
          }
          predicted.push_back({p, i});
        }
        std::sort(predicted.begin(), predicted.end());
        double found = INFINITY;
        for (std::size_t k = 0; k < predicted.size() && k < static_cast<std::size_t>(settings.top_k); ++k)
          found = std::min(found, pool.time_s[predicted[k].second]);
        model_r.add(found / best[size]);
      }
      // Random search with as many measurements: the first samples + extra of the shuffled pool.
      std::map<double, double> found;
      for (std::size_t k = 0; k < std::min(n, samples + extra); ++k) {
        const auto i = order[k];
        const double size = pool.rows[i][size_col];
        found[size] = std::min(found.count(size) ? found[size] : INFINITY, pool.time_s[i]);
      }
      for (const auto& [size, t] : best) random_r.add(found.count(size) ? found[size] / t : INFINITY);
    }
    row.stepwise_terms /= settings.repeats;
    row.stepwise_error /= settings.repeats;
    row.fixed_error /= settings.repeats;
    row.model_ratio_mean = model_r.mean();
    row.model_ratio_max = model_r.max;
    row.random_ratio_mean = random_r.mean();
    row.random_ratio_max = random_r.max;
    out.push_back(row);
  }
  return out;
}

}  // namespace autobench::modeling
