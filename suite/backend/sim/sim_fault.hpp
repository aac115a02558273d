// Fault injection for tests, labelled as such: the environment variable AUTOBENCH_SIM_FAULT makes one
// rank's sim device fail, so tests can check that a failing rank is reported and no rank waits forever.
//   AUTOBENCH_SIM_FAULT=R:start      rank R's device fails to open (the rank cannot start)
//   AUTOBENCH_SIM_FAULT=R:after:N    rank R's device is lost (DeviceLost) after N allocations (mid-sweep)
#pragma once

#include <cstdint>
#include <string>

namespace autobench::backend::sim {

struct SimFault {
  int rank = -1;                  // the rank whose device fails; -1: none
  bool at_start = false;          // fails to open
  std::int64_t lost_after = -1;   // >= 0: lost after this many allocations
};

// Parses the variable's value ("" = no fault); throws std::invalid_argument naming it otherwise.
SimFault parse_sim_fault(const std::string& text);
// The fault AUTOBENCH_SIM_FAULT asks for (none when unset).
SimFault sim_fault_from_environment();

}  // namespace autobench::backend::sim
