// Model parameters (see parameter.hpp).
#include "model/parameter.hpp"

#include <algorithm>
#include <cmath>
#include <set>
#include <stdexcept>

namespace autobench::model {

Parameter Parameter::describe(const std::string& name, const std::vector<double>& values, int interior_knots,
                              std::optional<ParameterKind> kind) {
  if (interior_knots < 1 || interior_knots > 3)
    throw std::invalid_argument("interior knots " + std::to_string(interior_knots) + " is not allowed (allowed: 1..3)");
  const std::set<double> distinct(values.begin(), values.end());
  for (double v : distinct)
    if (!std::isfinite(v)) throw std::invalid_argument("parameter " + name + " has a non-finite value");
  if (distinct.size() <= 1) return Parameter(name, ParameterKind::constant, false, 0, 0, 0, {distinct.begin(), distinct.end()});
  if (kind == ParameterKind::categorical || (distinct.size() == 2 && kind != ParameterKind::numeric))
    return Parameter(name, ParameterKind::categorical, false, 0, 0, 0, {distinct.begin(), distinct.end()});
  const double lo = *distinct.begin(), hi = *distinct.rbegin();
  const bool log_scale = lo > 0 && hi >= 8 * lo;
  const int interior = std::min(interior_knots, static_cast<int>(distinct.size()) - 2);
  return Parameter(name, ParameterKind::numeric, log_scale, log_scale ? std::log2(lo) : lo,
                   log_scale ? std::log2(hi) : hi, interior, {});
}

Parameter::Parameter(std::string name, ParameterKind kind, bool log_scale, double lo, double hi, int interior_knots,
                     std::vector<double> levels)
    : name_(std::move(name)), kind_(kind), log_scale_(log_scale), lo_(lo), hi_(hi), interior_(interior_knots),
      levels_(std::move(levels)) {
  if (kind_ == ParameterKind::numeric) {
    if (!(hi_ > lo_)) throw std::invalid_argument("parameter " + name_ + ": numeric range must not be empty");
    basis_.emplace_back(interior_);
  }
  if (kind_ == ParameterKind::categorical && levels_.size() < 2)
    throw std::invalid_argument("parameter " + name_ + ": a categorical parameter needs at least 2 levels");
}

std::vector<double> Parameter::knot_values() const {
  std::vector<double> out;
  if (kind_ != ParameterKind::numeric) return out;
  for (double u : basis_.front().knots()) {
    const double v = lo_ + u * (hi_ - lo_);
    out.push_back(log_scale_ ? std::exp2(v) : v);
  }
  return out;
}

int Parameter::columns() const {
  switch (kind_) {
    case ParameterKind::numeric: return basis_.front().size();
    case ParameterKind::categorical: return static_cast<int>(levels_.size()) - 1;
    case ParameterKind::constant: return 0;
  }
  return 0;
}

std::vector<double> Parameter::evaluate(double x) const {
  if (kind_ == ParameterKind::constant) return {};
  if (kind_ == ParameterKind::categorical) {
    const auto it = std::find(levels_.begin(), levels_.end(), x);
    if (it == levels_.end())
      throw std::invalid_argument("parameter " + name_ + " = " + std::to_string(x) + " is a level the model never saw");
    std::vector<double> out(levels_.size() - 1, 0.0);
    if (it != levels_.begin()) out[static_cast<std::size_t>(it - levels_.begin()) - 1] = 1.0;
    return out;
  }
  if (log_scale_ && !(x > 0))
    throw std::invalid_argument("parameter " + name_ + " = " + std::to_string(x) + " must be positive (log scale)");
  if (!std::isfinite(x)) throw std::invalid_argument("parameter " + name_ + " must be finite");
  const double v = log_scale_ ? std::log2(x) : x;
  return basis_.front().evaluate((v - lo_) / (hi_ - lo_));
}

}  // namespace autobench::model
