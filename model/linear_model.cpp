// Linear models over spline and indicator columns (see linear_model.hpp).
#include "model/linear_model.hpp"

#include <cmath>
#include <limits>
#include <stdexcept>

#include "model/ridge.hpp"
#include "numerics/least_squares.hpp"

namespace autobench::model {
namespace {

// Pivots below this share of the largest count as zero in least squares (see least_squares).
constexpr double kRankThreshold = 1e-10;

void check_point(const std::vector<Parameter>& parameters, const Row& x) {
  if (x.size() != parameters.size())
    throw std::invalid_argument("a point has " + std::to_string(x.size()) + " values; the model has " +
                                std::to_string(parameters.size()) + " parameters");
}

}  // namespace

std::string term_name(const Term& t, const std::vector<Parameter>& parameters) {
  std::string s = parameters.at(static_cast<std::size_t>(t.first)).name();
  if (t.interaction()) s += (t.linear ? "*" : ":") + parameters.at(static_cast<std::size_t>(t.second)).name();
  return s;
}

namespace {
// The columns of parameter p that an interaction multiplies: a linear one takes a numeric parameter's first.
int interacting_columns(const Parameter& p, bool linear) {
  return linear && p.kind() == ParameterKind::numeric ? 1 : p.columns();
}
}  // namespace

int term_columns(const Term& t, const std::vector<Parameter>& parameters) {
  const auto& a = parameters.at(static_cast<std::size_t>(t.first));
  if (!t.interaction()) return a.columns();
  return interacting_columns(a, t.linear) * interacting_columns(parameters.at(static_cast<std::size_t>(t.second)), t.linear);
}

Eigen::MatrixXd term_block(const std::vector<Parameter>& parameters, const Term& t, const Eigen::MatrixXd& first,
                           const Eigen::MatrixXd& second) {
  if (!t.interaction()) return first;
  return product_block(first.leftCols(interacting_columns(parameters.at(static_cast<std::size_t>(t.first)), t.linear)),
                       second.leftCols(interacting_columns(parameters.at(static_cast<std::size_t>(t.second)), t.linear)));
}

Eigen::MatrixXd parameter_block(const std::vector<Parameter>& parameters, int parameter, const std::vector<Row>& rows) {
  const Parameter& p = parameters.at(static_cast<std::size_t>(parameter));
  Eigen::MatrixXd out(static_cast<Eigen::Index>(rows.size()), p.columns());
  for (std::size_t i = 0; i < rows.size(); ++i) {
    check_point(parameters, rows[i]);
    const auto v = p.evaluate(rows[i][static_cast<std::size_t>(parameter)]);
    for (std::size_t j = 0; j < v.size(); ++j) out(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(j)) = v[j];
  }
  return out;
}

Eigen::MatrixXd product_block(const Eigen::MatrixXd& a, const Eigen::MatrixXd& b) {
  Eigen::MatrixXd out(a.rows(), a.cols() * b.cols());
  for (Eigen::Index i = 0; i < a.cols(); ++i)
    for (Eigen::Index j = 0; j < b.cols(); ++j) out.col(i * b.cols() + j) = a.col(i).cwiseProduct(b.col(j));
  return out;
}

Eigen::MatrixXd design_matrix(const std::vector<Parameter>& parameters, const std::vector<Term>& terms,
                              const std::vector<Row>& rows) {
  Eigen::Index cols = 1;
  for (const auto& t : terms) cols += term_columns(t, parameters);
  Eigen::MatrixXd a(static_cast<Eigen::Index>(rows.size()), cols);
  a.col(0).setOnes();
  Eigen::Index at = 1;
  for (const auto& t : terms) {
    const Eigen::MatrixXd first = parameter_block(parameters, t.first, rows);
    const Eigen::MatrixXd block =
        term_block(parameters, t, first, t.interaction() ? parameter_block(parameters, t.second, rows) : first);
    a.middleCols(at, block.cols()) = block;
    at += block.cols();
  }
  return a;
}

Eigen::VectorXd fit_target(const std::vector<double>& y, bool log_response) {
  Eigen::VectorXd target(static_cast<Eigen::Index>(y.size()));
  for (std::size_t i = 0; i < y.size(); ++i) {
    if (!std::isfinite(y[i]) || (log_response && !(y[i] > 0)))
      throw std::invalid_argument("response " + std::to_string(y[i]) + " is not allowed (finite" +
                                  std::string(log_response ? " and positive for a log response)" : ")"));
    target(static_cast<Eigen::Index>(i)) = log_response ? std::log(y[i]) : y[i];
  }
  return target;
}

Eigen::VectorXd least_squares(const Eigen::MatrixXd& a, const Eigen::VectorXd& target, FitStats* stats) {
  if (a.rows() != target.size()) throw std::invalid_argument("least squares needs one response per row");
  // Columns that depend on others up to rounding (e.g. the cells of an interaction no training point
  // has) get no coefficient, instead of huge ones that cancel on the training points and explode
  // elsewhere (held-out predictions of e^700 on GEMM): Eigen's solve counts pivots near ε as nonzero.
  Eigen::ColPivHouseholderQR<Eigen::MatrixXd> qr(a);
  qr.setThreshold(kRankThreshold);
  const Eigen::Index rank = qr.rank();
  const Eigen::VectorXd qt_target = qr.householderQ().adjoint() * target;
  Eigen::VectorXd z = Eigen::VectorXd::Zero(a.cols());
  z.head(rank) = qr.matrixR().topLeftCorner(rank, rank).triangularView<Eigen::Upper>().solve(qt_target.head(rank));
  const Eigen::VectorXd beta = qr.colsPermutation() * z;
  if (stats) {
    const Eigen::VectorXd fitted = a * beta;
    const auto q = numerics::fit_quality({target.data(), static_cast<std::size_t>(target.size())},
                                      {fitted.data(), static_cast<std::size_t>(fitted.size())});
    stats->r_squared = std::isnan(q.r_squared) ? 0.0 : q.r_squared;
    stats->columns = static_cast<std::size_t>(a.cols() - 1);
    stats->adjusted_r_squared =
        adjusted_r_squared(stats->r_squared, static_cast<std::size_t>(target.size()), stats->columns);
  }
  return beta;
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
                             FitStats* stats, Refit refit) {
  if (rows.size() != y.size() || rows.empty())
    throw std::invalid_argument("a fit needs as many responses as points, and at least one");
  const Eigen::MatrixXd a = design_matrix(parameters, terms, rows);
  const Eigen::VectorXd target = fit_target(y, log_response);
  const Eigen::VectorXd beta = refit == Refit::ridge ? ridge_gcv(a, target).coefficients : least_squares(a, target, stats);
  if (refit == Refit::ridge && stats) least_squares(a, target, stats);
  return LinearModel(parameters, terms, {beta.data(), beta.data() + beta.size()}, log_response);
}

double LinearModel::predict(const Row& x) const {
  const Eigen::Map<const Eigen::VectorXd> beta(coefficients_.data(), static_cast<Eigen::Index>(coefficients_.size()));
  const double v = design_matrix(parameters_, terms_, {x}).row(0).dot(beta);
  return log_response_ ? std::exp(v) : v;
}

}  // namespace autobench::model
