// One configuration of a dataset: its plan entry (id, launch, random-split side) and, once measured,
// the rank that measured it and its timing (or why it has none). JSON for journals and the gather.
#pragma once

#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "suite/dataset/launch_config.hpp"
#include "suite/results/results.hpp"

namespace autobench::dataset {

struct Sample {
  std::uint64_t id = 0;  // position in the plan: sampled ones first, then the IQR additions
  LaunchConfig config;
  bool test = false;     // on the test side of the random split
  int rank = -1;         // -1 until measured
  results::Point point;  // time statistics of the timed iterations (suite/autoscale/tuner.hpp summarize)
  std::string error;     // "" when verified and timed; else the verification or device error
  bool measured() const { return rank >= 0; }
};

// Whether sample `id` falls on the test side of a random split holding `fraction` of the rows
// (a seeded hash of the id, so every rank and every resume agrees).
bool in_test_split(std::uint64_t id, std::uint64_t seed, double fraction);

void to_json(nlohmann::json& j, const Sample& s);
void from_json(const nlohmann::json& j, Sample& s);

}  // namespace autobench::dataset
