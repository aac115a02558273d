// The least-squares natural cubic spline of a curve (see spline_fit.hpp).
#include "spline_fit.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include <Eigen/Dense>

#include "model/spline_basis.hpp"

namespace autobench::detect {

int interior_knots_for(int requested, double x_min, double x_max) {
  if (requested != kAutoKnots) return requested;
  if (!(x_min > 0.0 && x_max >= x_min)) return 8;  // no span in log size (a linear x-space through 0): the most
  const double per_decade = std::log10(x_max / x_min) / 0.6;
  return static_cast<int>(std::clamp(std::round(per_decade), 3.0, 8.0));
}

std::string knots_to_string(int knots) { return knots == kAutoKnots ? "auto" : std::to_string(knots); }

std::vector<double> spline_values(const std::vector<double>& u, const std::vector<double>& y, int interior_knots) {
  if (interior_knots < 0)
    throw std::invalid_argument("spline with " + std::to_string(interior_knots) + " interior knots (allowed: >= 0)");
  if (u.size() != y.size())
    throw std::invalid_argument("spline fit of " + std::to_string(u.size()) + " x and " + std::to_string(y.size()) +
                                " y values (must be equal)");
  const auto n = static_cast<int>(u.size());
  if (n < 3) return y;
  const model::SplineBasis basis(std::min(interior_knots, n - 3));
  const double lo = u.front(), span = u.back() - u.front();
  Eigen::MatrixXd a(n, basis.size() + 1);  // intercept, then the basis on u mapped onto [0, 1]
  for (int i = 0; i < n; ++i) {
    a(i, 0) = 1.0;
    const auto columns = basis.evaluate((u[i] - lo) / span);
    for (int j = 0; j < basis.size(); ++j) a(i, j + 1) = columns[static_cast<std::size_t>(j)];
  }
  // Each point weighs the stretch of u it stands for (half the gap to either neighbour; an end, its one gap),
  // so that where points are dense (refinement around a knee) they do not pull the fit towards themselves:
  // the fit is that of the curve, not of where it was sampled. Evenly spaced points weigh the same.
  Eigen::VectorXd root_w(n);
  for (int i = 0; i < n; ++i) {
    const double left = u[static_cast<std::size_t>(i == 0 ? 1 : i)] - u[static_cast<std::size_t>(i == 0 ? 0 : i - 1)];
    const double right = u[static_cast<std::size_t>(i == n - 1 ? i : i + 1)] -
                         u[static_cast<std::size_t>(i == n - 1 ? i - 1 : i)];
    root_w[i] = std::sqrt(0.5 * (left + right) / span);
  }
  const Eigen::VectorXd coef = (root_w.asDiagonal() * a).colPivHouseholderQr().solve(
      root_w.cwiseProduct(Eigen::Map<const Eigen::VectorXd>(y.data(), n)));
  const Eigen::VectorXd fit = a * coef;
  return {fit.data(), fit.data() + n};
}

}  // namespace autobench::detect
