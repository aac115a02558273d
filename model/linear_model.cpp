// Linear models over spline and indicator columns (see linear_model.hpp).
#include "model/linear_model.hpp"

#include <cmath>
#include <limits>
#include <stdexcept>

#include "power/least_squares.hpp"

namespace autobench::model {
namespace {

void append_columns(const Term& t, const std::vector<Parameter>& parameters, const Row& x, std::vector<double>& out) {
  const auto a = parameters.at(static_cast<std::size_t>(t.first)).evaluate(x.at(static_cast<std::size_t>(t.first)));
  if (!t.interaction()) {
    out.insert(out.end(), a.begin(), a.end());
    return;
  }
  const auto b = parameters.at(static_cast<std::size_t>(t.second)).evaluate(x.at(static_cast<std::size_t>(t.second)));
  for (double u : a)
    for (double v : b) out.push_back(u * v);
}

std::vector<double> design_row(const std::vector<Parameter>& parameters, const std::vector<Term>& terms, const Row& x) {
  if (x.size() != parameters.size())
    throw std::invalid_argument("a point has " + std::to_string(x.size()) + " values; the model has " +
                                std::to_string(parameters.size()) + " parameters");
  std::vector<double> out{1.0};
  for (const auto& t : terms) append_columns(t, parameters, x, out);
  return out;
}

}  // namespace

std::string term_name(const Term& t, const std::vector<Parameter>& parameters) {
  std::string s = parameters.at(static_cast<std::size_t>(t.first)).name();
  if (t.interaction()) s += ":" + parameters.at(static_cast<std::size_t>(t.second)).name();
  return s;
}

int term_columns(const Term& t, const std::vector<Parameter>& parameters) {
  const int a = parameters.at(static_cast<std::size_t>(t.first)).columns();
  return t.interaction() ? a * parameters.at(static_cast<std::size_t>(t.second)).columns() : a;
}

Eigen::MatrixXd design_matrix(const std::vector<Parameter>& parameters, const std::vector<Term>& terms,
                              const std::vector<Row>& rows) {
  std::size_t cols = 1;
  for (const auto& t : terms) cols += static_cast<std::size_t>(term_columns(t, parameters));
  Eigen::MatrixXd a(static_cast<Eigen::Index>(rows.size()), static_cast<Eigen::Index>(cols));
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const auto r = design_row(parameters, terms, rows[i]);
    for (std::size_t j = 0; j < cols; ++j) a(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(j)) = r[j];
  }
  return a;
}

double adjusted_r_squared(double r_squared, std::size_t n, std::size_t p) {
  if (n <= p + 1) return -std::numeric_limits<double>::infinity();
  return 1.0 - (1.0 - r_squared) * static_cast<double>(n - 1) / static_cast<double>(n - p - 1);
}

LinearModel::LinearModel(std::vector<Parameter> parameters, std::vector<Term> terms, std::vector<double> coefficients,
                         bool log_response)
    : parameters_(std::move(parameters)), terms_(std::move(terms)), coefficients_(std::move(coefficients)),
      log_response_(log_response) {
  std::size_t cols = 1;
  for (const auto& t : terms_) cols += static_cast<std::size_t>(term_columns(t, parameters_));
  if (cols != coefficients_.size())
    throw std::invalid_argument("the model's terms have " + std::to_string(cols) + " columns but " +
                                std::to_string(coefficients_.size()) + " coefficients were given");
}

LinearModel LinearModel::fit(const std::vector<Parameter>& parameters, const std::vector<Term>& terms,
                             const std::vector<Row>& rows, const std::vector<double>& y, bool log_response,
                             FitStats* stats) {
  if (rows.size() != y.size() || rows.empty())
    throw std::invalid_argument("a fit needs as many responses as points, and at least one");
  Eigen::VectorXd target(static_cast<Eigen::Index>(y.size()));
  for (std::size_t i = 0; i < y.size(); ++i) {
    if (!std::isfinite(y[i]) || (log_response && !(y[i] > 0)))
      throw std::invalid_argument("response " + std::to_string(y[i]) + " is not allowed (finite" +
                                  std::string(log_response ? " and positive for a log response)" : ")"));
    target(static_cast<Eigen::Index>(i)) = log_response ? std::log(y[i]) : y[i];
  }
  const Eigen::MatrixXd a = design_matrix(parameters, terms, rows);
  const Eigen::VectorXd beta = power::linear_least_squares(a, target);
  if (stats) {
    const Eigen::VectorXd fitted = a * beta;
    const auto q = power::fit_quality({target.data(), static_cast<std::size_t>(target.size())},
                                      {fitted.data(), static_cast<std::size_t>(fitted.size())});
    stats->r_squared = std::isnan(q.r_squared) ? 0.0 : q.r_squared;
    stats->columns = static_cast<std::size_t>(a.cols() - 1);
    stats->adjusted_r_squared = adjusted_r_squared(stats->r_squared, y.size(), stats->columns);
  }
  return LinearModel(parameters, terms, {beta.data(), beta.data() + beta.size()}, log_response);
}

double LinearModel::predict(const Row& x) const {
  const auto r = design_row(parameters_, terms_, x);
  double v = 0;
  for (std::size_t j = 0; j < r.size(); ++j) v += r[j] * coefficients_[j];
  return log_response_ ? std::exp(v) : v;
}

}  // namespace autobench::model
