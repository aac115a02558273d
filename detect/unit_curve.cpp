// Mapping curves into the unit square (see unit_curve.hpp).
#include "unit_curve.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace autobench::detect {

std::vector<double> to_xspace(const std::vector<double>& x, XScale scale) {
  if (scale == XScale::linear) return x;
  std::vector<double> out(x.size());
  std::transform(x.begin(), x.end(), out.begin(), [](double v) { return std::log10(v); });
  return out;
}

std::vector<double> normalise(const std::vector<double>& v) {
  std::vector<double> out(v.size(), 0.0);
  if (v.empty()) return out;
  const auto [lo, hi] = std::minmax_element(v.begin(), v.end());
  const double min = *lo, range = *hi - *lo;
  if (range == 0.0) return out;
  for (std::size_t i = 0; i < v.size(); ++i) out[i] = (v[i] - min) / range;
  return out;
}

void validate(const Curve& curve, XScale scale) {
  if (curve.x.size() != curve.y.size())
    throw std::invalid_argument("curve has " + std::to_string(curve.x.size()) + " x values but " +
                                std::to_string(curve.y.size()) + " y values (must be equal)");
  for (std::size_t i = 0; i < curve.size(); ++i) {
    const std::string at = " at index " + std::to_string(i);
    if (!std::isfinite(curve.x[i]) || !std::isfinite(curve.y[i]))
      throw std::invalid_argument("curve value" + at + " is not finite (allowed: finite numbers)");
    if (scale == XScale::log && curve.x[i] <= 0.0)
      throw std::invalid_argument("curve x = " + std::to_string(curve.x[i]) + at +
                                  " is not positive (x-scale log needs x > 0)");
    if (i > 0 && curve.x[i] <= curve.x[i - 1])
      throw std::invalid_argument("curve x = " + std::to_string(curve.x[i]) + at +
                                  " does not exceed the previous x (x must strictly increase)");
  }
}

Curve unit_curve(const Curve& curve, XScale scale) {
  validate(curve, scale);
  return {normalise(to_xspace(curve.x, scale)), normalise(curve.y)};
}

}  // namespace autobench::detect
