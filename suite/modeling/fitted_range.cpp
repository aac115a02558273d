// Fitted ranges of a model's parameters (see fitted_range.hpp).
#include "suite/modeling/fitted_range.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

namespace autobench::modeling {

std::vector<std::string> outside_fitted_range(const std::vector<model::Parameter>& parameters, const model::Row& row) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < parameters.size() && i < row.size(); ++i) {
    const model::Parameter& p = parameters[i];
    if (p.kind() != model::ParameterKind::numeric) continue;
    const double lo = p.log_scale() ? std::exp2(p.lo()) : p.lo();
    const double hi = p.log_scale() ? std::exp2(p.hi()) : p.hi();
    const double slack = 1e-9 * std::max(std::abs(lo), std::abs(hi));  // the log2 round trip
    if (row[i] < lo - slack || row[i] > hi + slack)
      out.push_back(fmt::format("{}={:g} lies outside the fitted {:g}..{:g}", p.name(), row[i], lo, hi));
  }
  return out;
}

}  // namespace autobench::modeling
