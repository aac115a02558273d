// Least-squares polynomial smoothing: the values at x of the degree-d polynomial fitted to (x, y).
#pragma once

#include <cstddef>
#include <vector>

namespace autobench::detect {

// numpy.polyfit(x, y, degree) evaluated at x with numpy.poly1d, solved by Householder QR on the
// column-scaled Vandermonde matrix (numpy scales the columns the same way, then uses an SVD). The two
// agree to rounding, not bit for bit. With degree + 1 >= x.size() the polynomial passes through every
// point, so y comes back unchanged.
std::vector<double> polyfit_values(const std::vector<double>& x, const std::vector<double>& y,
                                   std::size_t degree);

}  // namespace autobench::detect
