// Held-out errors (see held_out.hpp).
#include "model/held_out.hpp"

#include "numerics/statistics.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace autobench::model {

HeldOutErrors held_out_errors(const LinearModel& model, const std::vector<Row>& rows, const std::vector<double>& y) {
  if (rows.size() != y.size() || rows.empty())
    throw std::invalid_argument("held-out errors need as many observations as points, and at least one");
  HeldOutErrors e;
  e.points = rows.size();
  std::vector<double> rel;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    if (y[i] == 0 || !std::isfinite(y[i])) throw std::invalid_argument("a held-out observation is 0 or not finite");
    e.predicted.push_back(model.predict(rows[i]));
    rel.push_back(std::abs(e.predicted.back() - y[i]) / std::abs(y[i]));
  }
  double sum = 0;
  for (double r : rel) sum += r;
  e.mean_relative = sum / static_cast<double>(rel.size());
  e.max_relative = *std::max_element(rel.begin(), rel.end());
  e.median_relative = numerics::median(rel);
  return e;
}

}  // namespace autobench::model
