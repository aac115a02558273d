// Student's t distribution: its distribution function and quantiles, for t and Welch intervals.
#pragma once

namespace autobench::numerics {

// P(T <= t) for T with `df` degrees of freedom (df > 0, not necessarily whole: Welch's df is not).
// Throws std::invalid_argument for df <= 0 or NaN.
double student_t_cdf(double t, double df);

// The t with P(T <= t) = p (0 < p < 1), to about 1e-10 relative. Throws std::invalid_argument for p
// outside (0, 1) or df <= 0.
double student_t_quantile(double p, double df);

}  // namespace autobench::numerics
