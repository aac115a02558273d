// Ridge regression with its penalty chosen by generalized cross-validation: a refit that shrinks the
// coefficients of nearly collinear columns instead of letting them cancel on the training points.
#pragma once

#include <Eigen/Dense>

namespace autobench::model {

struct RidgeFit {
  Eigen::VectorXd coefficients;  // intercept first, on the columns' own scales
  double lambda = 0;             // the penalty chosen, on standardized columns
  double effective_columns = 0;  // trace of the smoother, besides the intercept
};

// Minimizes |target − a·β|² + λ |D β|² over β, where a's first column is the intercept (not penalized)
// and D scales each other column to unit standard deviation (so λ does not depend on units). λ is the
// value of n · 10^(−4 … 2) (25 steps, log-spaced) with the smallest GCV = n · RSS / (n − df)², df the
// smoother's trace plus the intercept; the smallest λ is close to least squares. Columns that never vary
// get coefficient 0. Throws std::invalid_argument when a's rows and target's size differ, or when no λ
// of the grid leaves the fit residual degrees of freedom (as few rows as columns).
RidgeFit ridge_gcv(const Eigen::MatrixXd& a, const Eigen::VectorXd& target);

}  // namespace autobench::model
