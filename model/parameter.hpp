// One parameter of a performance model (a tunable, the problem size, the SM clock) and its columns.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "numerics/spline_basis.hpp"
#include "record/names.hpp"

namespace autobench::model {

// numeric: a natural cubic spline of the (optionally log-scaled) value; categorical: one indicator
// column per level but the first (booleans are two-level categoricals); constant: no column (a
// parameter that never varied in the training data, e.g. GEMM's KWG).
enum class ParameterKind { numeric, categorical, constant };
inline constexpr auto kParameterKindNames = record::names<ParameterKind>(
    "parameter kind", {{ParameterKind::numeric, "numeric"}, {ParameterKind::categorical, "categorical"}, {ParameterKind::constant, "constant"}});

class Parameter {
 public:
  // Classifies a parameter from its training values: one distinct value is constant; two is
  // categorical; otherwise numeric. `kind` overrides the last two (a numeric parameter with two values
  // is a straight line). Numeric parameters are on a log2 scale when every value is positive and the
  // largest is at least 8 times the smallest, with min(interior_knots, distinct values − 2) evenly
  // spaced interior knots between the smallest and the largest value.
  static Parameter describe(const std::string& name, const std::vector<double>& values, int interior_knots,
                            std::optional<ParameterKind> kind = std::nullopt);
  // Rebuilds a described parameter (model files).
  Parameter(std::string name, ParameterKind kind, bool log_scale, double lo, double hi, int interior_knots,
            std::vector<double> levels);

  const std::string& name() const { return name_; }
  ParameterKind kind() const { return kind_; }
  bool log_scale() const { return log_scale_; }
  double lo() const { return lo_; }  // numeric: smallest value on the model's scale (log2 when log_scale)
  double hi() const { return hi_; }
  int interior_knots() const { return interior_; }
  const std::vector<double>& levels() const { return levels_; }  // categorical: sorted, the first is the reference
  // The knots as values of the parameter (numeric; empty otherwise).
  std::vector<double> knot_values() const;

  int columns() const;
  // The parameter's columns at value x; throws std::invalid_argument for a categorical level never
  // seen in training or a non-positive value of a log-scaled parameter.
  std::vector<double> evaluate(double x) const;

 private:
  std::string name_;
  ParameterKind kind_ = ParameterKind::constant;
  bool log_scale_ = false;
  double lo_ = 0, hi_ = 0;
  int interior_ = 0;
  std::vector<double> levels_;
  std::vector<numerics::SplineBasis> basis_;  // one element when numeric
};

}  // namespace autobench::model
