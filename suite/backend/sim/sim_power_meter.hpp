// The sim device's PowerMeter: a simulated sensor (power/sim_sensor.hpp) on simulated time.
#pragma once

#include "power/power_meter.hpp"

namespace autobench::backend::sim {

class SimDevice;

// start() records the device's power segments; stop() lets the device idle up to `until_s`, then
// reads a SimSensor (update period, lag and noise of the device's SimPowerModel, a fresh noise seed
// and update phase per window) at start + k·interval over the recorded profile. Clocks and
// temperature in the samples are the device's at each sample's time. No wall-clock time passes.
class SimPowerMeter final : public power::PowerMeter {
 public:
  explicit SimPowerMeter(SimDevice& device) : device_(device) {}
  std::string source() const override { return "sim"; }
  double now_s() override;
  void idle(double seconds) override;
  void start(double interval_s) override;  // throws std::invalid_argument for interval_s ≤ 0
  std::vector<power::Sample> stop(double until_s) override;
  power::SensorTiming timing() const override;

 private:
  SimDevice& device_;
  double start_s_ = 0, interval_s_ = 0, watts_before_ = 0;
};

}  // namespace autobench::backend::sim
