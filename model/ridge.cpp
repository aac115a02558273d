// Ridge regression by generalized cross-validation (see ridge.hpp).
#include "model/ridge.hpp"

#include <cmath>
#include <limits>
#include <stdexcept>

namespace autobench::model {

RidgeFit ridge_gcv(const Eigen::MatrixXd& a, const Eigen::VectorXd& target) {
  if (a.rows() != target.size() || a.rows() == 0 || a.cols() == 0)
    throw std::invalid_argument("ridge regression needs one response per row and an intercept column");
  const Eigen::Index n = a.rows(), p = a.cols() - 1;
  const double mean = target.mean();
  RidgeFit out;
  out.coefficients = Eigen::VectorXd::Zero(a.cols());
  out.coefficients(0) = mean;
  if (p == 0) return out;
  // Centre and scale the columns; a constant one is left at zero (it belongs to the intercept).
  Eigen::MatrixXd z = a.rightCols(p);
  const Eigen::RowVectorXd mu = z.colwise().mean();
  Eigen::VectorXd scale(p);
  for (Eigen::Index j = 0; j < p; ++j) {
    z.col(j).array() -= mu(j);
    scale(j) = std::sqrt(z.col(j).squaredNorm() / static_cast<double>(n));
    if (scale(j) > 1e-12 * (1.0 + std::abs(mu(j))))
      z.col(j) /= scale(j);
    else
      scale(j) = 0, z.col(j).setZero();
  }
  const Eigen::VectorXd centred = target.array() - mean;
  const Eigen::BDCSVD<Eigen::MatrixXd> svd(z, Eigen::ComputeThinU | Eigen::ComputeThinV);
  const Eigen::ArrayXd s2 = svd.singularValues().array().square();
  const Eigen::ArrayXd uty = (svd.matrixU().adjoint() * centred).array();
  const double outside = centred.squaredNorm() - (uty * uty).sum();  // the part of the target no column reaches
  double best = std::numeric_limits<double>::infinity();
  for (int k = 0; k < 25; ++k) {
    const double lambda = static_cast<double>(n) * std::pow(10.0, -4.0 + 6.0 * k / 24.0);
    const Eigen::ArrayXd shrink = s2 / (s2 + lambda);
    const double df = shrink.sum() + 1;
    if (static_cast<double>(n) <= df) continue;
    const double rss = outside + ((1 - shrink) * uty).square().sum();
    const double gcv = static_cast<double>(n) * rss / ((static_cast<double>(n) - df) * (static_cast<double>(n) - df));
    if (gcv < best) best = gcv, out.lambda = lambda, out.effective_columns = df - 1;
  }
  if (!std::isfinite(best)) throw std::invalid_argument("ridge regression needs more rows than columns");
  const Eigen::ArrayXd sv = svd.singularValues().array();
  const Eigen::VectorXd w = (sv / (s2 + out.lambda) * uty).matrix();
  const Eigen::VectorXd b = svd.matrixV() * w;
  for (Eigen::Index j = 0; j < p; ++j) out.coefficients(j + 1) = scale(j) > 0 ? b(j) / scale(j) : 0.0;
  out.coefficients(0) = mean - mu.dot(out.coefficients.tail(p));
  return out;
}

}  // namespace autobench::model
