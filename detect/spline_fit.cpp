// The least-squares natural cubic spline of a curve (see spline_fit.hpp).
#include "spline_fit.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include <Eigen/Dense>

#include "numerics/spline_basis.hpp"

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
  // The points the fit is made on: all, or kMaxSplineFitPoints spread evenly by index (both ends kept).
  const int m = std::min(n, kMaxSplineFitPoints);
  std::vector<std::size_t> at(static_cast<std::size_t>(m));
  for (int j = 0; j < m; ++j)
    at[static_cast<std::size_t>(j)] =
        static_cast<std::size_t>(std::llround(static_cast<double>(j) * (n - 1) / std::max(1, m - 1)));
  const numerics::SplineBasis basis(std::min(interior_knots, m - 3));
  const double lo = u.front(), span = u.back() - u.front();
  const auto row = [&](double value, auto&& out) {  // intercept, then the basis on u mapped onto [0, 1]
    out(0) = 1.0;
    const auto columns = basis.evaluate((value - lo) / span);
    for (int c = 0; c < basis.size(); ++c) out(c + 1) = columns[static_cast<std::size_t>(c)];
  };
  Eigen::MatrixXd a(m, basis.size() + 1);
  Eigen::VectorXd fit_y(m);
  for (int j = 0; j < m; ++j) {
    row(u[at[static_cast<std::size_t>(j)]], [&](int c) -> double& { return a(j, c); });
    fit_y[j] = y[at[static_cast<std::size_t>(j)]];
  }
  // Each point weighs the stretch of u it stands for (half the gap to either neighbour; an end, its one gap),
  // so that where points are dense (refinement around a knee) they do not pull the fit towards themselves:
  // the fit is that of the curve, not of where it was sampled. Evenly spaced points weigh the same.
  Eigen::VectorXd root_w(m);
  for (int j = 0; j < m; ++j) {
    const auto u_at = [&](int k) { return u[at[static_cast<std::size_t>(k)]]; };
    const double left = j == 0 ? u_at(1) - u_at(0) : u_at(j) - u_at(j - 1);
    const double right = j == m - 1 ? u_at(j) - u_at(j - 1) : u_at(j + 1) - u_at(j);
    root_w[j] = std::sqrt(0.5 * (left + right) / span);
  }
  const Eigen::VectorXd coef = (root_w.asDiagonal() * a).colPivHouseholderQr().solve(root_w.cwiseProduct(fit_y));
  std::vector<double> out(u.size());
  Eigen::VectorXd columns(basis.size() + 1);
  for (int i = 0; i < n; ++i) {
    row(u[static_cast<std::size_t>(i)], [&](int c) -> double& { return columns[c]; });
    out[static_cast<std::size_t>(i)] = columns.dot(coef);
  }
  return out;
}

}  // namespace autobench::detect
