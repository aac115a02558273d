// Everything a `model` run produces: provenance, the samples each rank measured, the fitted model with
// its selection path, and the held-out errors (plain data; suite/model_file/model_file writes it).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "model/held_out.hpp"
#include "model/stepwise.hpp"
#include "suite/results/results.hpp"

namespace autobench::modeling {

// Measured points: one row of parameter values (the model's parameters, in order) and a time each.
struct Samples {
  std::vector<model::Row> rows;
  std::vector<double> time_s;      // median launch time
  std::vector<std::int64_t> rank;  // the rank that measured it
};

struct ModelRun {
  results::RunInfo info;           // suite: "model"
  std::string kernel;
  std::string device_model;        // every rank's (a run refuses mixed models)
  int sm_count = 0, cc_major = 0, cc_minor = 0;  // rank 0's device (0: not recorded, older files)
  std::uint64_t seed = 1;
  std::vector<std::uint64_t> sizes;
  std::vector<unsigned> clocks_mhz;  // empty: clocks not locked
  model::StepwiseOptions options;
  model::Selection selection;
  Samples training, test;
  model::HeldOutErrors errors;     // of the model on `test`
};

}  // namespace autobench::modeling
