// Fault injection for tests, labelled as such: the environment variable AUTOBENCH_SIM_FAULT makes one
// rank's sim device fail or deviate, so tests can check that a failing rank is reported and no rank
// waits forever, and that a deviating rank is named as an outlier.
//   AUTOBENCH_SIM_FAULT=R:start      rank R's device fails to open (the rank cannot start)
//   AUTOBENCH_SIM_FAULT=R:after:N    rank R's device is lost (DeviceLost) after N allocations (mid-sweep)
//   AUTOBENCH_SIM_FAULT=R:slow:F     rank R's device runs at F times its model's speed (peak bandwidth and
//                                    FP32 peak scaled by F, 0 < F <= 10; launch latency unchanged)
#pragma once

#include <cstdint>
#include <string>

#include "suite/backend/sim/sim_model.hpp"

namespace autobench::backend::sim {

struct SimFault {
  int rank = -1;                  // the rank whose device fails; -1: none
  bool at_start = false;          // fails to open
  std::int64_t lost_after = -1;   // >= 0: lost after this many allocations
  double speed = 1.0;             // the device's speed relative to its model's
};

// Parses the variable's value ("" = no fault); throws std::invalid_argument naming it otherwise.
SimFault parse_sim_fault(const std::string& text);
// The fault AUTOBENCH_SIM_FAULT asks for (none when unset).
SimFault sim_fault_from_environment();

// `model` with its peaks scaled by `speed` (the model itself when speed is 1).
SimModel with_speed(SimModel model, double speed);

}  // namespace autobench::backend::sim
