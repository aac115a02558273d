// The least-squares natural cubic spline through a curve: the smooth curve the `spline` smoothing detects on.
#pragma once

#include <string>
#include <vector>

namespace autobench::detect {

// The `spline_knots` setting that lets the curve's span choose the knots (interior_knots_for).
inline constexpr int kAutoKnots = 0;

// Interior knots for the setting `requested` on a curve from size x_min to x_max: `requested` itself, or for
// kAutoKnots one per 0.6 decade of size (rounded), at least 3 and at most 8 (8 where x_min <= 0): a knot spacing fixed in log size
// whatever the sampling density, so that a bend of the usual width (about a decade) is followed and a denser
// sweep averages more noise instead of buying more wiggle. An H100 cold vecadd sweep spans 4.8 decades when
// its knee counts (8 knots), a GEMM sweep 1.9 (3): with 8 knots on GEMM's 28 points every piece held about 3
// points and the knee followed the noise from repeat to repeat (bench/knees/README.md).
int interior_knots_for(int requested, double x_min, double x_max);
// "auto" for kAutoKnots, else the number.
std::string knots_to_string(int knots);

// The most points a spline is fitted on: memory and time stay bounded (a few MB, well under a second for
// 100 knots) whatever the curve's length; a longer curve is fitted on this many of its points.
inline constexpr int kMaxSplineFitPoints = 10000;

// The values at u (increasing) of the natural cubic spline fitted to (u, y) by weighted least squares, each
// point weighted by the stretch of u it stands for (half the gaps to its neighbours), with knots at u's
// ends and `interior_knots` evenly spaced between them (model/spline_basis.hpp). Fewer interior knots
// where there are few points, at most u.size() - 3, so that the fit never interpolates; y itself for fewer
// than 3 points. More than kMaxSplineFitPoints points: the fit is made on that many spread evenly by index
// (both ends kept, each weighted by the stretch it stands for among them) and evaluated at every u.
// Throws std::invalid_argument for negative `interior_knots` or unequal lengths.
std::vector<double> spline_values(const std::vector<double>& u, const std::vector<double>& y, int interior_knots);

}  // namespace autobench::detect
