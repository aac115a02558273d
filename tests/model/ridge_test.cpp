// Ridge refits: the chosen penalty solves its normal equations, a well-posed fit stays near least
// squares, nearly collinear columns no longer explode off the training points, pure noise is shrunk
// harder than a signal, and constant columns get nothing.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "model/linear_model.hpp"
#include "model/ridge.hpp"

namespace am = autobench::model;

namespace {

// n rows: an intercept, x uniform on [0, 1], x again plus `jitter` of noise, and a constant 3.
Eigen::MatrixXd design(int n, double jitter, std::mt19937_64& rng) {
  std::uniform_real_distribution<double> u(0, 1);
  std::normal_distribution<double> e(0, 1);
  Eigen::MatrixXd a(n, 4);
  for (int i = 0; i < n; ++i) {
    const double x = u(rng);
    a.row(i) << 1, x, x + jitter * e(rng), 3;
  }
  return a;
}

Eigen::VectorXd response(const Eigen::MatrixXd& a, double slope, double noise, std::mt19937_64& rng) {
  std::normal_distribution<double> e(0, noise);
  Eigen::VectorXd y(a.rows());
  for (Eigen::Index i = 0; i < a.rows(); ++i) y(i) = 1 + slope * a(i, 1) + e(rng);
  return y;
}

}  // namespace

TEST(Ridge, TheChosenPenaltySolvesItsNormalEquations) {
  std::mt19937_64 rng(3);
  const Eigen::MatrixXd a = design(80, 0.3, rng);
  const Eigen::VectorXd y = response(a, 2, 0.2, rng);
  const am::RidgeFit f = am::ridge_gcv(a, y);
  ASSERT_GT(f.lambda, 0);
  // On centred columns scaled to unit standard deviation: (ZᵀZ + λI) b = Zᵀ(y − ȳ), with b the
  // coefficients times the scales; the constant column has none.
  Eigen::MatrixXd z = a.middleCols(1, 2);
  Eigen::Vector2d scale;
  for (int j = 0; j < 2; ++j) {
    z.col(j).array() -= z.col(j).mean();
    scale(j) = std::sqrt(z.col(j).squaredNorm() / static_cast<double>(z.rows()));
    z.col(j) /= scale(j);
  }
  const Eigen::Vector2d b = f.coefficients.segment(1, 2).cwiseProduct(scale);
  const Eigen::VectorXd centred = y.array() - y.mean();
  const Eigen::Vector2d lhs = (z.transpose() * z + f.lambda * Eigen::Matrix2d::Identity()) * b;
  const Eigen::Vector2d rhs = z.transpose() * centred;
  EXPECT_LT((lhs - rhs).norm(), 1e-9 * rhs.norm());
  EXPECT_EQ(f.coefficients(3), 0.0) << "a constant column belongs to the intercept";
  // The intercept puts the fit through the means.
  EXPECT_NEAR((a * f.coefficients).mean(), y.mean(), 1e-9);
  EXPECT_GT(f.effective_columns, 0);
  EXPECT_LE(f.effective_columns, 2);
}

TEST(Ridge, AWellPosedFitStaysNearLeastSquares) {
  std::mt19937_64 rng(5);
  std::uniform_real_distribution<double> u(0, 1);
  Eigen::MatrixXd a(200, 2);
  for (int i = 0; i < 200; ++i) a.row(i) << 1, u(rng);
  const Eigen::VectorXd y = response(a, 2, 0.05, rng);
  const Eigen::VectorXd ols = am::least_squares(a, y);
  const Eigen::VectorXd ridge = am::ridge_gcv(a, y).coefficients;
  EXPECT_NEAR(ridge(1), ols(1), 0.01 * std::abs(ols(1)));
  EXPECT_NEAR(ridge(0), ols(0), 0.02);
}

TEST(Ridge, NearlyCollinearColumnsDoNotExplodeOffTheTrainingPoints) {
  std::mt19937_64 rng(7);
  const Eigen::MatrixXd a = design(40, 1e-4, rng);
  const Eigen::VectorXd y = response(a, 2, 0.1, rng);
  const Eigen::VectorXd ols = am::least_squares(a, y);
  const Eigen::VectorXd ridge = am::ridge_gcv(a, y).coefficients;
  // A point where the two columns disagree (x = 0.5, its copy 0.6): the truth follows x, 1 + 2 · 0.5 = 2.
  Eigen::RowVectorXd off(4);
  off << 1, 0.5, 0.6, 3;
  const double ols_error = std::abs(off.dot(ols) - 2), ridge_error = std::abs(off.dot(ridge) - 2);
  EXPECT_GT(ols_error, 5) << "least squares lets the two columns' coefficients cancel: " << ols.transpose();
  EXPECT_LT(ridge_error, 0.25) << "ridge shares the slope between them: " << ridge.transpose();
  EXPECT_NEAR(ridge(1) + ridge(2), 2, 0.2);
}

TEST(Ridge, PureNoiseIsShrunkHarderThanASignal) {
  std::mt19937_64 rng(9);
  const Eigen::MatrixXd a = design(60, 0.5, rng);
  const double signal = am::ridge_gcv(a, response(a, 3, 0.1, rng)).lambda;
  const double noise = am::ridge_gcv(a, response(a, 0, 0.1, rng)).lambda;
  EXPECT_GT(noise, 10 * signal);
  EXPECT_THROW(am::ridge_gcv(a, Eigen::VectorXd::Zero(5)), std::invalid_argument);
}

TEST(Ridge, IsARefitOfLinearModels) {
  EXPECT_EQ(am::kRefitNames.value("ridge"), am::Refit::ridge);
  EXPECT_EQ(std::string(am::kRefitNames.name(am::Refit::least_squares)), "least-squares");
  EXPECT_THROW(am::kRefitNames.value("lasso"), std::invalid_argument);
  const std::vector<am::Parameter> params{am::Parameter::describe("x", {0, 0.5, 1, 0.25, 0.75}, 1)};
  std::vector<am::Row> rows;
  std::vector<double> y;
  for (double x = 0; x <= 1; x += 0.05) {
    rows.push_back({x});
    y.push_back(1 + 2 * x);
  }
  const auto ridge = am::LinearModel::fit(params, {{0, -1}}, rows, y, false, nullptr, am::Refit::ridge);
  EXPECT_NEAR(ridge.predict({0.5}), 2.0, 0.01) << "an exact line: GCV keeps the smallest penalty";
}
