// Natural cubic spline basis (see spline_basis.hpp).
#include "numerics/spline_basis.hpp"

#include <stdexcept>
#include <string>

namespace autobench::numerics {
namespace {

double cube_plus(double v) { return v > 0 ? v * v * v : 0.0; }

}  // namespace

SplineBasis::SplineBasis(int interior) {
  if (interior < 0) throw std::invalid_argument("a spline cannot have " + std::to_string(interior) + " interior knots");
  for (int i = 0; i <= interior + 1; ++i) knots_.push_back(static_cast<double>(i) / (interior + 1));
}

std::vector<double> SplineBasis::evaluate(double u) const {
  const std::size_t k = knots_.size();
  const double last = knots_[k - 1];
  auto d = [&](std::size_t i) { return (cube_plus(u - knots_[i]) - cube_plus(u - last)) / (last - knots_[i]); };
  std::vector<double> out{u};
  const double d_last = d(k - 2);
  for (std::size_t i = 0; i + 2 < k; ++i) out.push_back(d(i) - d_last);
  return out;
}

}  // namespace autobench::numerics
