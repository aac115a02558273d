// The least-squares natural cubic spline through a curve: the smooth curve the `spline` smoothing detects on.
#pragma once

#include <vector>

namespace autobench::detect {

// The values at u (increasing) of the natural cubic spline fitted to (u, y) by weighted least squares, each
// point weighted by the stretch of u it stands for (half the gaps to its neighbours), with knots at u's
// ends and `interior_knots` evenly spaced between them (model/spline_basis.hpp). Fewer interior knots
// where there are few points, at most u.size() - 3, so that the fit never interpolates; y itself for fewer
// than 3 points. Throws std::invalid_argument for negative `interior_knots` or unequal lengths.
std::vector<double> spline_values(const std::vector<double>& u, const std::vector<double>& y, int interior_knots);

}  // namespace autobench::detect
