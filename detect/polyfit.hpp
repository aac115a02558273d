// Least-squares polynomial smoothing: the values at x of the degree-d polynomial fitted to (x, y).
#pragma once

#include <cstddef>
#include <vector>

namespace autobench::detect {

// numpy.polyfit(x, y, degree) evaluated at x with numpy.poly1d: the same column-scaled Vandermonde
// least squares, solved by an SVD with numpy's cut-off (Eigen's Jacobi SVD rather than LAPACK's gelsd, so
// the two agree to rounding, not bit for bit). With degree + 1 >= x.size() the minimum-norm polynomial
// passes through every point.
std::vector<double> polyfit_values(const std::vector<double>& x, const std::vector<double>& y,
                                   std::size_t degree);

}  // namespace autobench::detect
