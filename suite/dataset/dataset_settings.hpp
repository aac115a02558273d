// The settings of `autobench-mpi dataset`: what to sample, how to time it, whether to refine with the
// IQR rule; checked before any measurement and stored in RUN_DIR/dataset.json for --resume; and their
// option table, which drives the command line, dataset.json, the range checks and docs/options.md.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "suite/campaign/option.hpp"

namespace autobench::dataset {

struct DatasetSettings {
  std::string backend = "auto";  // auto | cuda | sim
  std::string sim_device;        // sim model; "": model by rank (as runs do)
  std::vector<std::string> kernels;  // empty: every kernel the dataset describes
  std::int64_t per_kernel = 200;     // sampled configurations per kernel and rank
  std::string ratio = "2:5:3";       // idle : under : full
  double max_waves = 32;             // the full regime spans 1 .. max_waves full waves
  std::string balance = "none";      // none | iqr
  double balance_max = 1.0;          // IQR additions: at most this fraction of the sampled configurations
  std::int64_t warmup = 1;
  std::int64_t iterations = 10;
  double test_fraction = 0.2;        // random split: share of rows on the test side
  double memory_fraction = 0.5;      // of the free device memory a configuration's buffers may take
  std::uint64_t seed = 1;
  std::string output_dir = "results";
  int verbosity = 1;                 // not stored: 0 quiet, 1 progress
};

// The options of `dataset` that are settings, in --help order (--resume, --time-budget and --quiet are
// the command's own, suite/cli/dataset_command.cpp).
const std::vector<campaign::Option<DatasetSettings>>& dataset_options();

// Throws std::invalid_argument naming the option, the bad value and what is allowed.
void check(const DatasetSettings& s);

nlohmann::json to_json(const DatasetSettings& s);
DatasetSettings settings_from_json(const nlohmann::json& j);  // throws std::invalid_argument

}  // namespace autobench::dataset
