// Least-squares polynomial smoothing (see polyfit.hpp).
#include "polyfit.hpp"

#include <cmath>
#include <limits>

#include <Eigen/Dense>

namespace autobench::detect {

std::vector<double> polyfit_values(const std::vector<double>& x, const std::vector<double>& y,
                                   std::size_t degree) {
  const auto n = static_cast<Eigen::Index>(x.size()), m = static_cast<Eigen::Index>(degree) + 1;
  // Vandermonde, highest power first (numpy.vander), each column scaled to unit norm (as numpy.polyfit).
  Eigen::MatrixXd a(n, m);
  for (Eigen::Index i = 0; i < n; ++i)
    for (Eigen::Index j = 0; j < m; ++j) a(i, j) = std::pow(x[i], static_cast<double>(m - 1 - j));
  const Eigen::VectorXd scale = a.colwise().norm();
  a = a * scale.cwiseInverse().asDiagonal();
  // numpy's lstsq: minimum-norm solution, singular values below n * eps of the largest treated as zero.
  Eigen::JacobiSVD<Eigen::MatrixXd> svd(a, Eigen::ComputeThinU | Eigen::ComputeThinV);
  svd.setThreshold(static_cast<double>(n) * std::numeric_limits<double>::epsilon());
  const Eigen::VectorXd c = svd.solve(Eigen::Map<const Eigen::VectorXd>(y.data(), n)).cwiseQuotient(scale);
  // Horner, highest power first (numpy.polyval).
  std::vector<double> out(x.size(), 0.0);
  for (Eigen::Index i = 0; i < n; ++i)
    for (Eigen::Index j = 0; j < m; ++j) out[i] = out[i] * x[i] + c[j];
  return out;
}

}  // namespace autobench::detect
