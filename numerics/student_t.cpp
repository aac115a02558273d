// Student's t distribution (see student_t.hpp), through the regularized incomplete beta function.
#include "numerics/student_t.hpp"

#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

namespace autobench::numerics {
namespace {

// The continued fraction of I_x(a, b) (modified Lentz), valid for x < (a + 1) / (a + b + 2).
double beta_fraction(double a, double b, double x) {
  constexpr double tiny = 1e-300, eps = 1e-15;
  double c = 1.0, d = 1.0 - (a + b) * x / (a + 1.0);
  if (std::abs(d) < tiny) d = tiny;
  d = 1.0 / d;
  double h = d;
  for (int m = 1; m <= 1000; ++m) {
    const double m2 = 2.0 * m;
    // The even step, then the odd step of the fraction.
    for (const double coef : {m * (b - m) * x / ((a + m2 - 1.0) * (a + m2)),
                              -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1.0))}) {
      d = 1.0 + coef * d;
      if (std::abs(d) < tiny) d = tiny;
      c = 1.0 + coef / c;
      if (std::abs(c) < tiny) c = tiny;
      d = 1.0 / d;
      const double step = c * d;
      h *= step;
      if (coef < 0.0 && std::abs(step - 1.0) < eps) return h;
    }
  }
  return h;
}

// The regularized incomplete beta function I_x(a, b), 0 <= x <= 1.
double incomplete_beta(double a, double b, double x) {
  if (x <= 0.0) return 0.0;
  if (x >= 1.0) return 1.0;
  const double front =
      std::exp(std::lgamma(a + b) - std::lgamma(a) - std::lgamma(b) + a * std::log(x) + b * std::log1p(-x));
  if (x < (a + 1.0) / (a + b + 2.0)) return front * beta_fraction(a, b, x) / a;
  return 1.0 - front * beta_fraction(b, a, 1.0 - x) / b;
}

void check_df(double df) {
  if (!(df > 0.0)) throw std::invalid_argument("t distribution with " + std::to_string(df) + " degrees of freedom (need > 0)");
}

}  // namespace

double student_t_cdf(double t, double df) {
  check_df(df);
  if (std::isinf(df)) return 0.5 * std::erfc(-t / std::sqrt(2.0));
  const double tail = 0.5 * incomplete_beta(df / 2.0, 0.5, df / (df + t * t));  // P(T > |t|)
  return t > 0.0 ? 1.0 - tail : tail;
}

double student_t_quantile(double p, double df) {
  check_df(df);
  if (!(p > 0.0 && p < 1.0)) throw std::invalid_argument("t quantile at " + std::to_string(p) + " (allowed: between 0 and 1)");
  if (p < 0.5) return -student_t_quantile(1.0 - p, df);
  double lo = 0.0, hi = 1.0;
  while (student_t_cdf(hi, df) < p) {
    lo = hi;
    hi *= 2.0;
    if (hi > 1e300) return std::numeric_limits<double>::infinity();
  }
  for (int i = 0; i < 200 && hi - lo > 1e-12 * hi; ++i) {
    const double mid = 0.5 * (lo + hi);
    (student_t_cdf(mid, df) < p ? lo : hi) = mid;
  }
  return 0.5 * (lo + hi);
}

}  // namespace autobench::numerics
