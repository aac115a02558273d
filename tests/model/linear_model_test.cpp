// Least squares of the model library: columns that depend on others up to rounding get no coefficient
// (rather than huge cancelling ones), and the design matrix is the intercept plus each term's block.
#include <gtest/gtest.h>

#include <random>

#include "model/linear_model.hpp"

namespace am = autobench::model;

TEST(LeastSquares, DropsAColumnThatDependsOnOthersUpToRounding) {
  // Column 3 is 0.1 + 0.3 x + 0.7 z, rounded through 1e4 (errors near 1e-12): a pivot far above ε, which
  // Eigen's own solve keeps, turning the response's noise into coefficients near 1e8.
  std::mt19937_64 rng(1);
  std::uniform_real_distribution<double> u(0, 1);
  const int n = 40;
  Eigen::MatrixXd a(n, 4);
  Eigen::VectorXd y(n);
  for (int i = 0; i < n; ++i) {
    const double x = u(rng), z = u(rng);
    a.row(i) << 1, x, z, ((0.3 * x + 1e4) - 1e4) + 0.7 * z + 0.1;
    y(i) = 1 + x + 0.01 * u(rng);
  }
  am::FitStats f;
  const Eigen::VectorXd beta = am::least_squares(a, y, &f);
  EXPECT_LT(beta.cwiseAbs().maxCoeff(), 2.0);
  EXPECT_EQ((beta.array() == 0).count(), 1) << "one column gets no coefficient";
  EXPECT_GT(f.r_squared, 0.999);
  EXPECT_EQ(f.columns, 3u);
  // Off the dependency the prediction stays near the truth (1 + x): the dropped column cannot explode it.
  Eigen::RowVector4d off;
  off << 1, 0.5, 0.5, 5.0;
  EXPECT_NEAR(off.dot(beta), 1.5 + 0.005, 1.0);
}

TEST(DesignMatrix, IsTheInterceptThenEachTermsBlock) {
  const std::vector<am::Parameter> p{am::Parameter::describe("x", {1, 2, 4, 8}, 2), am::Parameter::describe("c", {0, 1}, 1)};
  const std::vector<am::Row> rows{{1, 0}, {2, 1}, {8, 1}};
  const Eigen::MatrixXd a = am::design_matrix(p, {{0, -1}, {1, -1}, {0, 1}}, rows);
  const Eigen::MatrixXd x = am::parameter_block(p, 0, rows), c = am::parameter_block(p, 1, rows);
  ASSERT_EQ(x.cols(), 3);
  ASSERT_EQ(c.cols(), 1);
  ASSERT_EQ(a.cols(), 1 + 3 + 1 + 3);
  EXPECT_TRUE(a.col(0).isOnes());
  EXPECT_EQ(a.middleCols(1, 3), x);
  EXPECT_EQ(a.col(4), c.col(0));
  EXPECT_EQ(a.rightCols(3), am::product_block(x, c));
  for (int j = 0; j < 3; ++j) EXPECT_EQ(a.col(5 + j), x.col(j).cwiseProduct(c.col(0)));
  EXPECT_THROW(am::parameter_block(p, 0, {{1}}), std::invalid_argument) << "a row with a value per parameter";
}
