// Evaluation of a runtime predictor on a dataset: MAPE per kernel, overall, and the distribution of
// the absolute percentage errors, for a random split and a leave-one-kernel-out split. Pure logic.
#pragma once

#include <functional>
#include <limits>
#include <map>
#include <string>
#include <vector>

#include "suite/dataset/features.hpp"

namespace autobench::dataset {

// Absolute percentage error of one prediction: 100 |predicted - measured| / measured.
double ape(double measured, double predicted);
// Mean APE over the pairs; NaN when empty.
double mape(const std::vector<double>& measured, const std::vector<double>& predicted);

// Of no rows every figure is NaN (shown as n/a): there is nothing to score.
struct ErrorSummary {
  static constexpr double kNone = std::numeric_limits<double>::quiet_NaN();
  std::size_t count = 0;
  double mape = kNone;                                                          // mean APE, %
  double p10 = kNone, p25 = kNone, p50 = kNone, p75 = kNone, p90 = kNone, max = kNone;  // of the APEs, %
};
ErrorSummary summarise(const std::vector<double>& measured, const std::vector<double>& predicted);

struct SplitReport {
  std::string split;   // "random" or "leave-one-kernel-out"
  ErrorSummary overall;  // over every predicted row (pooled)
  std::map<std::string, ErrorSummary> per_kernel;
};

// Predicts the times (us) of the rows `test` (indices into rows) after training on `train`.
using Predictor = std::function<std::vector<double>(const std::vector<Row>& rows, const std::vector<std::size_t>& train,
                                                    const std::vector<std::size_t>& test)>;

// random: train on the rows marked train, predict the ones marked test.
// leave-one-kernel-out: for each kernel, train on every other kernel's rows and predict its own; a kernel
// alone in the dataset has nothing to train on and is not scored (no per_kernel entry; overall of no rows).
SplitReport evaluate_random(const std::vector<Row>& rows, const Predictor& predict);
SplitReport evaluate_leave_one_kernel_out(const std::vector<Row>& rows, const Predictor& predict);

}  // namespace autobench::dataset
