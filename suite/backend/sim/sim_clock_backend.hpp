// The sim device's ClockBackend: clock locks set the simulated SM clock, so calibration runs on sim.
#pragma once

#include "power/io/clock_lock.hpp"

namespace autobench::backend::sim {

class SimDevice;

// Locks accept clocks between the model's minimum and boost clock (error 1 otherwise); a reset
// returns to the boost clock. Application clocks are (memory clock, boost clock) and never change.
class SimClockBackend final : public power::io::ClockBackend {
 public:
  explicit SimClockBackend(SimDevice& device) : device_(device) {}
  int application_clocks(power::io::ApplicationClocks* out) override;
  int default_application_clocks(power::io::ApplicationClocks* out) override;
  int lock_sm_clock(unsigned int min_mhz, unsigned int max_mhz) override;
  int reset_locked_clocks() override;
  int set_application_clocks(const power::io::ApplicationClocks& clocks) override;
  int reset_application_clocks() override;
  std::string describe(int code) const override;

 private:
  SimDevice& device_;
};

}  // namespace autobench::backend::sim
