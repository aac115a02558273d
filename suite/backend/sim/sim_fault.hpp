// Fault injection for tests, labelled as such: the environment variable AUTOBENCH_SIM_FAULT makes ranks'
// sim devices fail or deviate, so tests can check that a failing rank is reported and no rank waits
// forever, and that a deviating rank gets its GPU health verdict (suite/stats/gpu_health.hpp). Several
// faults are comma-separated ("3:slow:0.9,7:hot"); those of one rank combine.
//   AUTOBENCH_SIM_FAULT=R:start      rank R's device fails to open (the rank cannot start)
//   AUTOBENCH_SIM_FAULT=R:after:N    rank R's device is lost (DeviceLost) after N allocations (mid-sweep)
//   AUTOBENCH_SIM_FAULT=R:slow:F     rank R's device runs at F times its model's speed (peak bandwidth and
//                                    FP32 peak scaled by F, 0 < F <= 10; launch latency unchanged)
//   AUTOBENCH_SIM_FAULT=R:throttle:N rank R's device is thermally throttled while size N is timed: its
//                                    launches run at kThrottledClockShare of the clock and report that
//                                    clock and NVML's SW thermal slowdown reason (0x20)
//   AUTOBENCH_SIM_FAULT=R:hot        rank R's device runs hot: every timed launch at kHotClockShare of its
//                                    speed (peaks scaled, as slow), reporting that clock, kHotTemperatureC
//                                    and the SW thermal slowdown reason (0x20)
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
  std::uint64_t throttle_size = 0;  // > 0: the size whose timed launches are throttled
  bool hot = false;               // every launch throttled (thermal)
};

// The share of its clock a throttled size runs at, and the clock-event reason it reports.
inline constexpr double kThrottledClockShare = 0.7;
inline constexpr std::uint64_t kThrottledReason = 0x20;
// A hot device's share of its speed and clock, and its temperature (an H100 measured at 87 C ran its SM
// clock at a median 1125 of 1980 MHz: issue 41).
inline constexpr double kHotClockShare = 0.57;
inline constexpr double kHotTemperatureC = 87.0;

// Parses one fault ("" = no fault); throws std::invalid_argument naming it otherwise.
SimFault parse_sim_fault(const std::string& text);
// The fault of `rank` among the comma-separated faults of `text`, those of the rank combined (rank -1
// when it has none); every item is parsed and a bad one refused.
SimFault sim_fault_of(const std::string& text, int rank);
// sim_fault_of(AUTOBENCH_SIM_FAULT, rank) (none when unset).
SimFault sim_fault_from_environment(int rank);

// `model` with its peaks scaled by `speed` (the model itself when speed is 1).
SimModel with_speed(SimModel model, double speed);

}  // namespace autobench::backend::sim
