// The least-squares saturating latency-bandwidth fit of a throughput curve, t = t0 + work / B.
#pragma once

#include <limits>
#include <vector>

namespace autobench::detect {

// Throughput y = work / t of t = t0 + work / B is B w / (w + t0 B); for work proportional to n^a (a = 1
// for a stream, 2 for a square GEMM's m) that is a Hill curve P n^a / (n^a + c), which in u = log10(n) is
// the logistic P / (1 + 10^(-a (u - u0))).
struct SaturatingFit {
  double a = 1.0, u0 = 0.0, peak = 0.0, sse = std::numeric_limits<double>::infinity();
  double at(double u) const;
};

// Least squares of y over u = log10(size): a and u0 on a grid (a in [0.1, 10], u0 up to half the span
// beyond either end) refined around the best cell twice, P in closed form for each.
SaturatingFit fit_saturating(const std::vector<double>& u, const std::vector<double>& y);

// Residual sum of squares of the least-squares straight line through (u, y).
double line_sse(const std::vector<double>& u, const std::vector<double>& y);

}  // namespace autobench::detect
