// Least-squares machinery shared by the power fits: linear solves, Levenberg–Marquardt, fit quality.
#pragma once

#include <Eigen/Dense>

#include <functional>
#include <limits>
#include <span>
#include <vector>

namespace autobench::power {

inline constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// How well a fitted model explains the data it was fitted to.
struct FitQuality {
  std::vector<double> residuals;  // observed − predicted, one per data point, in the data's order
  double r_squared = kNaN;        // 1 − SS_res / SS_tot (NaN when the observations are all equal)
  double rmse = kNaN;             // sqrt(SS_res / n)
};

// Residuals, R² and RMSE of `predicted` against `observed` (same length).
FitQuality fit_quality(std::span<const double> observed, std::span<const double> predicted);

// The x that minimises |A·x − y|₂ (column-pivoting Householder QR; rank-deficient A gives a
// minimum-norm-like basic solution rather than NaN).
Eigen::VectorXd linear_least_squares(const Eigen::MatrixXd& a, const Eigen::VectorXd& y);

// A nonlinear least-squares problem: minimise Σ rᵢ(θ)² with r(θ) = model(θ) − observed and the
// Jacobian J = ∂r/∂θ given analytically (rows = data points, columns = parameters).
struct LeastSquaresProblem {
  std::function<Eigen::VectorXd(const Eigen::VectorXd&)> residuals;
  std::function<Eigen::MatrixXd(const Eigen::VectorXd&)> jacobian;
};

struct LevenbergMarquardtOptions {
  int max_iterations = 500;
  double tolerance = 1e-12;        // stop when a step or the cost reduction is this small (relative)
  double initial_damping = 1e-3;   // λ, relative to diag(JᵀJ) (Marquardt scaling)
};

struct LevenbergMarquardtResult {
  Eigen::VectorXd parameters;
  double cost = kNaN;  // Σ rᵢ² at `parameters`
  int iterations = 0;
  bool converged = false;  // false when max_iterations ran out or no step could lower the cost
};

// Levenberg–Marquardt from `start`. Each iteration solves (JᵀJ + λ·diag(JᵀJ))·δ = −Jᵀr; a step that
// lowers the cost is taken and λ shrinks tenfold, otherwise λ grows tenfold and the step is retried.
LevenbergMarquardtResult levenberg_marquardt(const LeastSquaresProblem& problem,
                                             const Eigen::VectorXd& start,
                                             const LevenbergMarquardtOptions& options = {});

}  // namespace autobench::power
