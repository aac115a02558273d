// A curve mapped into the unit square in the chosen x-space: the first step of every detector.
#pragma once

#include <vector>

#include "detect/curve.hpp"

namespace autobench::detect {

// x in the given x-space: log10(x) for XScale::log, x itself for XScale::linear.
std::vector<double> to_xspace(const std::vector<double>& x, XScale scale);

// (v - min) / (max - min), element by element in that order (the arithmetic kneed uses); all zeros when
// every value is equal.
std::vector<double> normalise(const std::vector<double>& v);

// Throws std::invalid_argument when x and y differ in length, a value is not finite, x does not strictly
// increase, or (XScale::log) an x is not positive.
void validate(const Curve& curve, XScale scale);

// validate(), then to_xspace() and normalise() on x, normalise() on y: the curve with x and y each
// scaled to [0, 1], x after the x-space transform (log10 for XScale::log).
Curve unit_curve(const Curve& curve, XScale scale);

}  // namespace autobench::detect
