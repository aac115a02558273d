// Forward stepwise selection (see stepwise.hpp).
#include "model/stepwise.hpp"

#include <algorithm>
#include <cmath>
#include <random>
#include <set>
#include <stdexcept>

namespace autobench::model {
namespace {

// The selection so far, with every parameter's columns computed once and the current design matrix.
struct State {
  const StepwiseOptions& options;
  const std::vector<Parameter>& parameters;
  std::vector<Eigen::MatrixXd> blocks;  // per parameter, at every row
  Eigen::VectorXd target;               // y or ln y
  Eigen::MatrixXd design;               // the intercept and the chosen terms' columns
  std::vector<Term> terms;
  std::vector<double> gains;
  double r2 = 0, adj = 0;

  Eigen::MatrixXd block(const Term& t) const {
    const auto& a = blocks[static_cast<std::size_t>(t.first)];
    return term_block(parameters, t, a, t.interaction() ? blocks[static_cast<std::size_t>(t.second)] : a);
  }
};

double gain(const State& s, double adjusted) {
  if (s.options.gain == Gain::absolute) return adjusted - s.adj;
  return s.adj < 1 ? (adjusted - s.adj) / (1 - s.adj) : 0.0;
}

// Tries each candidate that fits within rows_per_column on top of the current terms; adds the best one
// when it gains more than `min_gain`. Returns the index of the chosen candidate, or −1 (also when no
// candidate fits; such a step is not recorded).
int step(State& s, const std::vector<Term>& candidates, bool interaction, double min_gain, std::vector<Step>& path) {
  Step st;
  st.interaction = interaction;
  std::vector<int> index;  // of each tried candidate in `candidates`
  const auto n = s.design.rows();
  for (std::size_t i = 0; i < candidates.size(); ++i) {
    const Eigen::MatrixXd block = s.block(candidates[i]);
    if ((s.design.cols() - 1 + block.cols()) * s.options.rows_per_column > n) continue;
    Eigen::MatrixXd a(n, s.design.cols() + block.cols());
    a << s.design, block;
    FitStats f;
    least_squares(a, s.target, &f);
    st.candidates.push_back({candidates[i], f.r_squared, f.adjusted_r_squared});
    index.push_back(static_cast<int>(i));
  }
  if (st.candidates.empty()) return -1;
  const auto best = std::max_element(st.candidates.begin(), st.candidates.end(), [](const auto& a, const auto& b) {
    return a.adjusted_r_squared < b.adjusted_r_squared;
  });
  int chosen = -1;
  if (gain(s, best->adjusted_r_squared) > min_gain) {
    st.chosen = static_cast<int>(best - st.candidates.begin());
    chosen = index[static_cast<std::size_t>(st.chosen)];
    const Eigen::MatrixXd block = s.block(best->term);
    s.design.conservativeResize(Eigen::NoChange, s.design.cols() + block.cols());
    s.design.rightCols(block.cols()) = block;
    s.terms.push_back(best->term);
    s.gains.push_back(best->r_squared - s.r2);
    s.r2 = best->r_squared;
    s.adj = best->adjusted_r_squared;
  }
  st.r_squared = s.r2;
  st.adjusted_r_squared = s.adj;
  path.push_back(std::move(st));
  return chosen;
}

// The selection and fit on `rows` with the parameters described already.
Selection select_terms(const std::vector<Parameter>& parameters, const std::vector<Row>& rows,
                       const std::vector<double>& y, const StepwiseOptions& options) {
  State s{options, parameters, {}, fit_target(y, options.log_response),
          Eigen::MatrixXd::Ones(static_cast<Eigen::Index>(rows.size()), 1), {}, {}, 0, 0};
  for (std::size_t j = 0; j < parameters.size(); ++j)
    s.blocks.push_back(parameter_block(parameters, static_cast<int>(j), rows));
  std::vector<Step> path;
  std::vector<int> remaining, chosen;
  for (std::size_t j = 0; j < parameters.size(); ++j)
    if (parameters[j].kind() != ParameterKind::constant) remaining.push_back(static_cast<int>(j));

  const auto full = [&] { return static_cast<int>(s.terms.size()) >= options.max_terms; };
  while (!remaining.empty() && !full()) {
    std::vector<Term> mains;
    for (int p : remaining) mains.push_back({p, -1});
    const int c = step(s, mains, false, options.theta, path);
    if (c < 0) break;
    const int added = remaining[static_cast<std::size_t>(c)];
    remaining.erase(remaining.begin() + c);
    std::vector<int> partners = chosen;
    chosen.push_back(added);
    while (!partners.empty() && !full()) {
      std::vector<Term> pairs;
      for (int q : partners) pairs.push_back({q, added, options.interactions == Interactions::linear});
      const int i = step(s, pairs, true, options.phi, path);
      if (i < 0) break;
      partners.erase(partners.begin() + i);
    }
  }

  Selection out;
  out.model = LinearModel::fit(parameters, s.terms, rows, y, options.log_response, nullptr, options.refit);
  out.path = std::move(path);
  out.term_r_squared_gain = std::move(s.gains);
  out.r_squared = s.r2;
  out.adjusted_r_squared = s.adj;
  return out;
}

// Replaces out.model with the average of options.bagging selections and fits on bootstrap resamples of
// `rows` (seeded: the same resamples for the same training set), and gives each of its terms the gain
// it had in `out`'s selection (NaN when only bootstrap fits chose it).
void bag(const std::vector<Parameter>& parameters, const std::vector<Row>& rows, const std::vector<double>& y,
         const StepwiseOptions& options, Selection& out) {
  std::mt19937_64 rng(1);
  std::uniform_int_distribution<std::size_t> pick(0, rows.size() - 1);
  std::vector<Term> terms;
  std::vector<std::vector<double>> sums;  // per term, its columns' coefficients summed over the fits
  double intercept = 0;
  for (int b = 0; b < options.bagging; ++b) {
    std::vector<Row> sample_rows;
    std::vector<double> sample_y;
    for (std::size_t i = 0; i < rows.size(); ++i) {
      const std::size_t k = pick(rng);
      sample_rows.push_back(rows[k]);
      sample_y.push_back(y[k]);
    }
    const LinearModel fit = select_terms(parameters, sample_rows, sample_y, options).model;
    const std::vector<double>& c = fit.coefficients();
    intercept += c[0];
    std::size_t at = 1;
    for (const Term& t : fit.terms()) {
      const auto columns = static_cast<std::size_t>(term_columns(t, parameters));
      auto it = std::find(terms.begin(), terms.end(), t);
      if (it == terms.end()) {
        terms.push_back(t);
        sums.emplace_back(columns, 0.0);
        it = terms.end() - 1;
      }
      std::vector<double>& sum = sums[static_cast<std::size_t>(it - terms.begin())];
      for (std::size_t j = 0; j < columns; ++j) sum[j] += c[at + j];
      at += columns;
    }
  }
  std::vector<double> coefficients{intercept / options.bagging};
  std::vector<double> gains;
  for (std::size_t k = 0; k < terms.size(); ++k) {
    for (double v : sums[k]) coefficients.push_back(v / options.bagging);
    const auto& chosen = out.model.terms();
    const auto it = std::find(chosen.begin(), chosen.end(), terms[k]);
    gains.push_back(it == chosen.end() ? NAN : out.term_r_squared_gain[static_cast<std::size_t>(it - chosen.begin())]);
  }
  out.model = LinearModel(parameters, std::move(terms), std::move(coefficients), options.log_response);
  out.term_r_squared_gain = std::move(gains);
}

}  // namespace

ParameterCoding coding_of(const std::vector<std::string>& names, const std::vector<Row>& rows) {
  ParameterCoding c;
  for (std::size_t j = 0; j < names.size(); ++j) {
    std::set<double> distinct;
    for (const auto& r : rows) distinct.insert(r.at(j));
    if (distinct.size() > 2) c.numeric.push_back(names[j]);
    if (distinct.size() == 2) c.categorical.push_back(names[j]);
  }
  return c;
}

void check(const StepwiseOptions& o) {
  if (!std::isfinite(o.theta) || o.theta < 0 || o.theta >= 1)
    throw std::invalid_argument("theta " + std::to_string(o.theta) + " is not allowed (allowed: 0 <= theta < 1)");
  if (!std::isfinite(o.phi) || o.phi < 0 || o.phi >= 1)
    throw std::invalid_argument("phi " + std::to_string(o.phi) + " is not allowed (allowed: 0 <= phi < 1)");
  if (o.max_terms < 1 || o.max_terms > 100)
    throw std::invalid_argument("max-terms " + std::to_string(o.max_terms) + " is not allowed (allowed: 1..100)");
  if (o.interior_knots < 1 || o.interior_knots > 3)
    throw std::invalid_argument("knots " + std::to_string(o.interior_knots) + " is not allowed (allowed: 1..3)");
  if (o.rows_per_column < 1 || o.rows_per_column > 100)
    throw std::invalid_argument("rows-per-column " + std::to_string(o.rows_per_column) +
                                " is not allowed (allowed: 1..100)");
  if (o.bagging < 1 || o.bagging > 100)
    throw std::invalid_argument("bagging " + std::to_string(o.bagging) + " is not allowed (allowed: 1..100)");
  if (o.bagging > 1 && o.refit != Refit::ridge)
    throw std::invalid_argument("bagging " + std::to_string(o.bagging) + " needs the ridge refit (least-squares fits on "
                                "bootstrap resamples, whose points repeat, can mispredict by orders of magnitude)");
}

Selection select(const std::vector<std::string>& names, const std::vector<Row>& rows, const std::vector<double>& y,
                 const StepwiseOptions& options, const ParameterCoding& coding) {
  check(options);
  if (rows.size() != y.size() || rows.size() < 3)
    throw std::invalid_argument("stepwise selection needs at least 3 observations with one response each (got " +
                                std::to_string(rows.size()) + " points, " + std::to_string(y.size()) + " responses)");
  std::vector<Parameter> parameters;
  for (std::size_t j = 0; j < names.size(); ++j) {
    std::vector<double> values;
    for (const auto& r : rows) {
      if (r.size() != names.size())
        throw std::invalid_argument("a point has " + std::to_string(r.size()) + " values for " +
                                    std::to_string(names.size()) + " parameters");
      values.push_back(r[j]);
    }
    const auto listed = [&](const std::vector<std::string>& list) {
      return std::find(list.begin(), list.end(), names[j]) != list.end();
    };
    std::optional<ParameterKind> kind;
    if (listed(coding.categorical)) kind = ParameterKind::categorical;
    if (listed(coding.numeric)) kind = ParameterKind::numeric;
    parameters.push_back(Parameter::describe(names[j], values, options.interior_knots, kind));
  }

  Selection out = select_terms(parameters, rows, y, options);
  if (options.bagging > 1) bag(parameters, rows, y, options, out);
  return out;
}

}  // namespace autobench::model
