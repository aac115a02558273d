#include "numerics/least_squares.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>
#include <vector>

namespace autobench::numerics {
namespace {

TEST(FitQuality, HandComputed) {
  // observed mean 2; SS_tot = 2; residuals 0.5, 0, −0.5 → SS_res = 0.5
  const std::vector<double> observed{1, 2, 3}, predicted{0.5, 2, 3.5};
  const FitQuality q = fit_quality(observed, predicted);
  EXPECT_EQ(q.residuals, (std::vector<double>{0.5, 0.0, -0.5}));
  EXPECT_DOUBLE_EQ(q.r_squared, 0.75);
  EXPECT_DOUBLE_EQ(q.rmse, std::sqrt(0.5 / 3.0));
}

TEST(FitQuality, ConstantObservationsHaveNoRSquared) {
  const std::vector<double> observed{2, 2}, predicted{2, 2};
  const FitQuality q = fit_quality(observed, predicted);
  EXPECT_TRUE(std::isnan(q.r_squared));
  EXPECT_DOUBLE_EQ(q.rmse, 0.0);
}

TEST(FitQuality, RejectsMismatchedLengths) {
  EXPECT_THROW(fit_quality(std::vector<double>{1, 2}, std::vector<double>{1}), std::invalid_argument);
}

TEST(LinearLeastSquares, SolvesAnOverdeterminedLine) {
  // y = 3 + 2x through four exact points.
  Eigen::MatrixXd a(4, 2);
  a << 1, 0, 1, 1, 1, 2, 1, 3;
  Eigen::VectorXd y(4);
  y << 3, 5, 7, 9;
  const Eigen::VectorXd x = linear_least_squares(a, y);
  EXPECT_NEAR(x[0], 3.0, 1e-12);
  EXPECT_NEAR(x[1], 2.0, 1e-12);
}

TEST(LinearLeastSquares, RejectsMismatchedShapes) {
  EXPECT_THROW(linear_least_squares(Eigen::MatrixXd::Ones(3, 2), Eigen::VectorXd::Ones(2)), std::invalid_argument);
}

TEST(LevenbergMarquardt, RecoversAnExponentialDecayFromAFarStart) {
  // y = 5·exp(−0.7·x), exact data; start far away (1, 0.05).
  std::vector<double> xs, ys;
  for (int i = 0; i < 20; ++i) {
    xs.push_back(0.25 * i);
    ys.push_back(5.0 * std::exp(-0.7 * xs.back()));
  }
  LeastSquaresProblem problem;
  problem.residuals = [&](const Eigen::VectorXd& p) {
    Eigen::VectorXd r(xs.size());
    for (std::size_t i = 0; i < xs.size(); ++i) r[i] = p[0] * std::exp(-p[1] * xs[i]) - ys[i];
    return r;
  };
  problem.jacobian = [&](const Eigen::VectorXd& p) {
    Eigen::MatrixXd j(xs.size(), 2);
    for (std::size_t i = 0; i < xs.size(); ++i) {
      const double e = std::exp(-p[1] * xs[i]);
      j(i, 0) = e;
      j(i, 1) = -p[0] * xs[i] * e;
    }
    return j;
  };
  Eigen::VectorXd start(2);
  start << 1.0, 0.05;
  const auto result = levenberg_marquardt(problem, start);
  EXPECT_TRUE(result.converged);
  EXPECT_NEAR(result.parameters[0], 5.0, 1e-8);
  EXPECT_NEAR(result.parameters[1], 0.7, 1e-8);
  EXPECT_LT(result.cost, 1e-16);
}

// r = (10(y − x²), 1 − x): minimum at (1, 1), from the classic start (−1.2, 1).
LeastSquaresProblem rosenbrock() {
  LeastSquaresProblem problem;
  problem.residuals = [](const Eigen::VectorXd& p) {
    Eigen::VectorXd r(2);
    r << 10.0 * (p[1] - p[0] * p[0]), 1.0 - p[0];
    return r;
  };
  problem.jacobian = [](const Eigen::VectorXd& p) {
    Eigen::MatrixXd j(2, 2);
    j << -20.0 * p[0], 10.0, -1.0, 0.0;
    return j;
  };
  return problem;
}

Eigen::VectorXd rosenbrock_start() { return Eigen::Vector2d(-1.2, 1.0); }

TEST(LevenbergMarquardt, MinimisesTheRosenbrockValley) {
  const auto result = levenberg_marquardt(rosenbrock(), rosenbrock_start());
  EXPECT_TRUE(result.converged);
  EXPECT_NEAR(result.parameters[0], 1.0, 1e-6);
  EXPECT_NEAR(result.parameters[1], 1.0, 1e-6);
}

TEST(LevenbergMarquardt, ReportsNonConvergenceWhenIterationsRunOut) {
  const auto result = levenberg_marquardt(rosenbrock(), rosenbrock_start(), {2, 1e-12, 1e-3});
  EXPECT_FALSE(result.converged);
  EXPECT_EQ(result.iterations, 2);
}

// r = x² − 1 from x = 0: the gradient vanishes there (a maximum of the cost, not a minimum), so no
// Gauss–Newton step moves; the old test called that `converged` with cost 1.
TEST(LevenbergMarquardt, LeavesAStationaryPointThatIsNotAMinimum) {
  LeastSquaresProblem problem;
  problem.residuals = [](const Eigen::VectorXd& p) { return Eigen::VectorXd::Constant(1, p[0] * p[0] - 1.0); };
  problem.jacobian = [](const Eigen::VectorXd& p) { return Eigen::MatrixXd::Constant(1, 1, 2.0 * p[0]); };
  const auto result = levenberg_marquardt(problem, Eigen::VectorXd::Zero(1));
  EXPECT_TRUE(result.converged);
  EXPECT_NEAR(std::abs(result.parameters[0]), 1.0, 1e-6);
  EXPECT_LT(result.cost, 1e-12);
}

TEST(LevenbergMarquardt, StaysOnABoundTheCostPushesAgainst) {
  // r = x + 1 with x ≥ 0: the unbounded minimum is x = −1; the bounded one is x = 0, held there.
  LeastSquaresProblem problem;
  problem.residuals = [](const Eigen::VectorXd& p) { return Eigen::VectorXd::Constant(1, p[0] + 1.0); };
  problem.jacobian = [](const Eigen::VectorXd&) { return Eigen::MatrixXd::Constant(1, 1, 1.0); };
  problem.lower = Eigen::VectorXd::Zero(1);
  problem.upper = Eigen::VectorXd::Constant(1, kInf);
  const auto result = levenberg_marquardt(problem, Eigen::VectorXd::Constant(1, 3.0));
  EXPECT_TRUE(result.converged);
  EXPECT_EQ(result.parameters[0], 0.0);
  EXPECT_DOUBLE_EQ(result.cost, 1.0);
  ASSERT_EQ(result.at_bound.size(), 1u);
  EXPECT_TRUE(result.at_bound[0]);
}

TEST(StandardErrors, OfAStraightLineMatchTheTextbookFormula) {
  // y = 1 + 2x + e with residuals ±0.1: s² = SS/(n − 2), se(slope) = s/sqrt(Sxx), se(intercept) = s·sqrt(1/n + x̄²/Sxx).
  Eigen::MatrixXd a(4, 2);
  a << 1, 0, 1, 1, 1, 2, 1, 3;
  Eigen::VectorXd y(4);
  y << 1.1, 2.9, 5.1, 6.9;
  const Eigen::VectorXd p = linear_least_squares(a, y);
  const double cost = (a * p - y).squaredNorm();
  const Eigen::VectorXd se = standard_errors(a, cost);
  const double s = std::sqrt(cost / 2.0), sxx = 5.0, mean = 1.5;
  EXPECT_NEAR(se[1], s / std::sqrt(sxx), 1e-12);
  EXPECT_NEAR(se[0], s * std::sqrt(0.25 + mean * mean / sxx), 1e-12);
  EXPECT_TRUE(std::isnan(standard_errors(a.topRows(2), 0.0)[0])) << "no degrees of freedom left";
}

TEST(FitData, NeedsParametersPlusTwoDistinctClocks) {
  const std::vector<double> x{1, 2, 3, 4, 5, 5}, y{1, 2, 3, 4, 5, 6};
  try {
    fit_data("fit_x", x, y, 4);
    FAIL() << "5 distinct clocks for 4 parameters";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "fit_x: 4 parameters need at least 6 distinct clocks, got 5");
  }
  const FitData d = fit_data("fit_x", x, y, 3);
  EXPECT_EQ(d.x.size(), 6);
  EXPECT_EQ(d.x_min, 1.0);
  EXPECT_EQ(d.x_max, 5.0);
  EXPECT_THROW(fit_data("fit_x", std::vector<double>{1, 2, 3, 4, 5, NAN}, y, 3), std::invalid_argument);
  EXPECT_THROW(fit_data("fit_x", x, std::vector<double>{1, 2}, 3), std::invalid_argument);
}

}  // namespace
}  // namespace autobench::numerics
