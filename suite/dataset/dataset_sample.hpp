// One configuration of a dataset: its plan entry (id, launch, random-split side) and, once measured,
// the rank that measured it, its timing (or why it has none) and how long each step of measuring it
// took. JSON for journals and the gather.
#pragma once

#include <cstdint>
#include <string>

#include <tuple>

#include <nlohmann/json.hpp>

#include "record/fields.hpp"
#include "suite/dataset/launch_config.hpp"
#include "suite/results/results.hpp"

namespace autobench::dataset {

// Wall-clock seconds of the four steps of measuring one configuration: prepare (compile and allocate:
// the kernel's tuning space is compiled before its first configuration and counted there), verify
// (run once, read back, compare with the CPU reference), time (the timed launches) and destroy (free).
struct StepSeconds {
  double prepare_s = 0, verify_s = 0, time_s = 0, destroy_s = 0;
  double total_s() const { return prepare_s + verify_s + time_s + destroy_s; }
  StepSeconds& operator+=(const StepSeconds& o);
};
inline constexpr auto kStepFields =
    std::make_tuple(record::field("prepare_s", &StepSeconds::prepare_s), record::field("verify_s", &StepSeconds::verify_s),
                    record::field("time_s", &StepSeconds::time_s), record::field("destroy_s", &StepSeconds::destroy_s));

struct Sample {
  std::uint64_t id = 0;  // position in the plan: sampled ones first, then the IQR additions
  LaunchConfig config;
  bool test = false;     // on the test side of the random split
  int rank = -1;         // -1 until measured
  results::Point point;  // time statistics of the timed iterations (suite/autoscale/tuner.hpp summarize)
  std::string error;     // "" when verified and timed; else the verification or device error
  StepSeconds steps;     // zero until measured (and in journals written before steps were recorded)
  bool measured() const { return rank >= 0; }
};

// Whether sample `id` falls on the test side of a random split holding `fraction` of the rows
// (a seeded hash of the id, so every rank and every resume agrees).
bool in_test_split(std::uint64_t id, std::uint64_t seed, double fraction);

void to_json(nlohmann::json& j, const Sample& s);
void from_json(const nlohmann::json& j, Sample& s);

}  // namespace autobench::dataset
