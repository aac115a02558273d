#include "power/least_squares.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace autobench::power {

FitQuality fit_quality(std::span<const double> observed, std::span<const double> predicted) {
  if (observed.size() != predicted.size()) {
    throw std::invalid_argument("fit_quality: " + std::to_string(observed.size()) + " observations but " +
                                std::to_string(predicted.size()) + " predictions");
  }
  FitQuality q;
  const std::size_t n = observed.size();
  if (n == 0) return q;
  double mean = 0.0;
  for (double y : observed) mean += y;
  mean /= static_cast<double>(n);
  double ss_res = 0.0, ss_tot = 0.0;
  q.residuals.reserve(n);
  for (std::size_t i = 0; i < n; ++i) {
    const double r = observed[i] - predicted[i];
    q.residuals.push_back(r);
    ss_res += r * r;
    ss_tot += (observed[i] - mean) * (observed[i] - mean);
  }
  q.rmse = std::sqrt(ss_res / static_cast<double>(n));
  q.r_squared = ss_tot > 0.0 ? 1.0 - ss_res / ss_tot : kNaN;
  return q;
}

Eigen::VectorXd linear_least_squares(const Eigen::MatrixXd& a, const Eigen::VectorXd& y) {
  if (a.rows() != y.size()) {
    throw std::invalid_argument("linear_least_squares: matrix has " + std::to_string(a.rows()) +
                                " rows but the right-hand side has " + std::to_string(y.size()));
  }
  return a.colPivHouseholderQr().solve(y);
}

LevenbergMarquardtResult levenberg_marquardt(const LeastSquaresProblem& problem, const Eigen::VectorXd& start,
                                             const LevenbergMarquardtOptions& options) {
  LevenbergMarquardtResult result;
  result.parameters = start;
  Eigen::VectorXd r = problem.residuals(start);
  result.cost = r.squaredNorm();
  if (!std::isfinite(result.cost)) return result;

  double lambda = options.initial_damping;
  constexpr double kMaxDamping = 1e16;
  for (result.iterations = 0; result.iterations < options.max_iterations; ++result.iterations) {
    const Eigen::MatrixXd j = problem.jacobian(result.parameters);
    const Eigen::VectorXd g = j.transpose() * r;
    const Eigen::MatrixXd h = j.transpose() * j;
    Eigen::VectorXd scale = h.diagonal();
    for (Eigen::Index k = 0; k < scale.size(); ++k) scale[k] = std::max(scale[k], 1e-300);

    bool stepped = false;
    while (lambda <= kMaxDamping) {
      Eigen::MatrixXd damped = h;
      damped.diagonal() += lambda * scale;
      const Eigen::VectorXd delta = damped.ldlt().solve(-g);
      const Eigen::VectorXd candidate = result.parameters + delta;
      const Eigen::VectorXd r_candidate = problem.residuals(candidate);
      const double cost = r_candidate.squaredNorm();
      if (std::isfinite(cost) && cost < result.cost) {
        const double reduction = result.cost - cost;
        const bool small_step =
            delta.norm() <= options.tolerance * (result.parameters.norm() + options.tolerance);
        const bool small_reduction = reduction <= options.tolerance * result.cost;
        result.parameters = candidate;
        result.cost = cost;
        r = r_candidate;
        lambda = std::max(lambda / 10.0, 1e-15);
        stepped = true;
        if (small_step || small_reduction) {
          result.converged = true;
          ++result.iterations;
          return result;
        }
        break;
      }
      lambda *= 10.0;
    }
    // No damping lowers the cost: we sit at a (local) minimum to machine precision.
    if (!stepped) {
      result.converged = true;
      return result;
    }
  }
  return result;
}

}  // namespace autobench::power
