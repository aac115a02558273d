// The natural cubic spline basis of one numeric variable on [0, 1], with evenly spaced knots.
#pragma once

#include <vector>

namespace autobench::numerics {

// Natural cubic splines (cubic between knots, linear beyond the boundary knots) in the truncated
// power form of Hastie, Tibshirani & Friedman (ESL, eq. 5.4): with knots ξ₁ < … < ξ_K the columns are
//   N₁(u) = u,   N_{k+1}(u) = d_k(u) − d_{K−1}(u)  (k = 1 … K−2),   d_k(u) = ((u−ξ_k)₊³ − (u−ξ_K)₊³) / (ξ_K − ξ_k)
// (the constant is the model's intercept and not a column).
class SplineBasis {
 public:
  // Knots 0 and 1 plus `interior` evenly spaced ones between them (interior >= 0; 0 is a straight line).
  explicit SplineBasis(int interior);

  const std::vector<double>& knots() const { return knots_; }
  // Number of columns: interior + 1.
  int size() const { return static_cast<int>(knots_.size()) - 1; }
  // The columns at u (u outside [0, 1] extrapolates linearly).
  std::vector<double> evaluate(double u) const;

 private:
  std::vector<double> knots_;
};

}  // namespace autobench::numerics
