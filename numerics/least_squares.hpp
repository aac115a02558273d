// Least-squares machinery shared by the power and performance-model fits: the checked data of a fit, linear solves,
// bounded Levenberg–Marquardt, standard errors and fit quality.
#pragma once

#include <Eigen/Dense>

#include <functional>
#include <limits>
#include <span>
#include <string>
#include <vector>

namespace autobench::numerics {

inline constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
inline constexpr double kInf = std::numeric_limits<double>::infinity();

// How well a fitted model explains the data it was fitted to.
struct FitQuality {
  std::vector<double> residuals;  // observed − predicted, one per data point, in the data's order
  double r_squared = kNaN;        // 1 − SS_res / SS_tot (NaN when the observations are all equal)
  double rmse = kNaN;             // sqrt(SS_res / n)
};

// Residuals, R² and RMSE of `predicted` against `observed` (same length).
FitQuality fit_quality(std::span<const double> observed, std::span<const double> predicted);

// The data of a model fit as vectors, checked once for every fit: equal lengths, finite values, x ≥ 0 and at
// least parameters + 2 distinct x (so that every parameter is determined and the residuals still have
// two degrees of freedom for the standard errors).
struct FitData {
  Eigen::VectorXd x, y;
  double x_min = kNaN, x_max = kNaN;
};
// Throws std::invalid_argument naming `fit` (e.g. "fit_power_frequency") and what is wrong.
FitData fit_data(const char* fit, std::span<const double> x, std::span<const double> y, int parameters);

// The x that minimises |A·x − y|₂ (column-pivoting Householder QR; rank-deficient A gives a
// minimum-norm-like basic solution rather than NaN).
Eigen::VectorXd linear_least_squares(const Eigen::MatrixXd& a, const Eigen::VectorXd& y);

// Standard errors of least-squares parameters from the Jacobian (or design matrix) at the solution and
// the cost Σ r²: sqrt(diag((JᵀJ)⁻¹) · cost / (n − p)). NaN for a parameter whose column is zero (the data do
// not see it), and for every parameter when n ≤ p or JᵀJ is singular.
Eigen::VectorXd standard_errors(const Eigen::MatrixXd& jacobian, double cost);

// A nonlinear least-squares problem: minimise Σ rᵢ(θ)² with r(θ) = model(θ) − observed and the
// Jacobian J = ∂r/∂θ given analytically (rows = data points, columns = parameters), optionally within
// bounds lower ≤ θ ≤ upper (empty: unbounded; ±kInf for an open side).
struct LeastSquaresProblem {
  std::function<Eigen::VectorXd(const Eigen::VectorXd&)> residuals;
  std::function<Eigen::MatrixXd(const Eigen::VectorXd&)> jacobian;
  Eigen::VectorXd lower, upper;
};

struct LevenbergMarquardtOptions {
  int max_iterations = 500;
  double tolerance = 1e-12;        // stop when a step or the cost reduction is this small (relative)
  double initial_damping = 1e-3;   // λ, relative to diag(JᵀJ) (Marquardt scaling)
  double probe = 1e-4;             // relative size of the probes that tell a minimum from a stationary point
};

struct LevenbergMarquardtResult {
  Eigen::VectorXd parameters;
  double cost = kNaN;  // Σ rᵢ² at `parameters`
  int iterations = 0;
  // true only at a (bounded) local minimum: no damped step and no probe of ± probe·max(1, |θᵢ|) along any
  // parameter (within the bounds) lowers the cost. false when max_iterations ran out or the cost is not finite.
  bool converged = false;
  std::vector<bool> at_bound;  // per parameter: it ended on a bound that the cost pushes against
};

// Levenberg–Marquardt from `start` (moved into the bounds). Each iteration solves
// (JᵀJ + λ·diag(JᵀJ))·δ = −Jᵀr for the parameters not held at a bound (a parameter on a bound whose
// gradient points outward is held for that iteration), projects θ + δ onto the bounds, and takes it when
// it lowers the cost (λ shrinks tenfold) or retries with λ ten times larger. When no damping helps, as at
// a stationary point where the gradient vanishes (e.g. r = x² − 1 at x = 0), the probes look for a
// lower cost nearby and the iteration goes on from there; only where they find none is it converged.
LevenbergMarquardtResult levenberg_marquardt(const LeastSquaresProblem& problem,
                                             const Eigen::VectorXd& start,
                                             const LevenbergMarquardtOptions& options = {});

}  // namespace autobench::numerics
