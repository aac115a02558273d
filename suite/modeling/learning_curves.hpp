// Learning curves of a performance model from a pool of measured points (e.g. a whole design space):
// held-out error against the number of training samples, against two references (a fixed model of
// every main effect, and random search with the same number of measurements).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "model/stepwise.hpp"
#include "suite/modeling/model_run.hpp"

namespace autobench::modeling {

struct EvaluationSettings {
  std::vector<std::size_t> samples{25, 50, 100, 200};  // training set sizes
  int repeats = 5;                                     // random training sets per size, averaged
  int top_k = 4;        // the model's k best predicted configurations per problem size are measured
  std::uint64_t seed = 1;
};

// One training-set size, averaged over the repeats. Ratios: the measured time of the configuration
// a method picks at a problem size over the best measured time there (1 = found the best).
struct EvaluationRow {
  std::size_t samples = 0;
  double stepwise_error = 0;        // mean held-out relative error of the stepwise model
  double fixed_error = 0;           // ... of the fixed model (every main effect, no interactions)
  double stepwise_terms = 0;        // mean number of terms the stepwise model chose
  double model_ratio_mean = 0;      // best measured among the model's top-k predictions per size
  double model_ratio_max = 0;
  double random_ratio_mean = 0;     // random search with the same measurements (samples + top_k per size)
  double random_ratio_max = 0;
  double measured_fraction = 0;     // (samples + top_k per size) / pool size
};

// `pool`: every point measured, one row per point with the values of `names`; one of them is "size".
// Each repeat draws `samples` points at random as training set; every other pool point is held out.
// Throws std::invalid_argument when the pool is smaller than a training set plus one point.
std::vector<EvaluationRow> evaluate(const std::vector<std::string>& names, const Samples& pool,
                                    const model::StepwiseOptions& options, const EvaluationSettings& settings);

}  // namespace autobench::modeling
