// The numeric features of one dataset row that the built-in baselines use, and a row as `evaluate`
// reads it back from a JSONL line (kernel, measured time, random-split side, features).
#pragma once

#include <cstddef>
#include <string>

#include <nlohmann/json.hpp>

#include "suite/dataset/regime.hpp"

namespace autobench::dataset {

struct Features {
  double bytes = 0;          // minimum DRAM traffic of the launch
  double flops = 0;          // floating-point operations of the launch
  double workgroups = 0, block_threads = 0;
  Regime regime = Regime::idle;
  backend::Occupancy occupancy;       // the device's SMs and residency limits
  double bandwidth_gbs = 0;  // the device's measured ceilings (sim: the model's peaks)
  double gflops = 0;
};
nlohmann::json to_json(const Features& f);
Features features_from_json(const nlohmann::json& j);  // throws nlohmann::json::exception on a missing field

struct Row {
  std::string kernel;
  double time_us = 0;
  bool test = false;  // on the test side of the dataset's random split
  Features features;
};
// Parses one JSONL line; throws std::invalid_argument naming the line number for a malformed line, a
// schema version other than kSchemaVersion, or a time that is not finite and > 0.
Row row_from_jsonl(const std::string& line, std::size_t number);

}  // namespace autobench::dataset
