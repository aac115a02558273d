// How well a model predicts observations it was not fitted to: relative errors on a test set.
#pragma once

#include <vector>

#include "model/linear_model.hpp"

namespace autobench::model {

struct HeldOutErrors {
  std::size_t points = 0;
  double mean_relative = 0;    // mean of |predicted − observed| / |observed|
  double median_relative = 0;
  double max_relative = 0;
  std::vector<double> predicted;  // one per test point, in order
};

// Throws std::invalid_argument when the sizes differ, the set is empty or an observation is 0.
HeldOutErrors held_out_errors(const LinearModel& model, const std::vector<Row>& rows, const std::vector<double>& y);

}  // namespace autobench::model
