// The PowerMeter of a real GPU: a Sampler thread polling a Sensor in real time.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "power/power_meter.hpp"
#include "power/io/sensor_sampler.hpp"

namespace autobench::power::io {

// Each start() runs a new Sampler on a sensor from `make_sensor` (e.g. an NvmlSensor); stop() waits
// (sleeps) until `until_s` and takes the last reading then. The energy counter is read at the window's
// edges only: the first sensor update after the start (plus the sensor's lag and one interval) and that
// last reading (power/counter_edges.hpp). The time base is steady_seconds().
class SampledPowerMeter final : public PowerMeter {
 public:
  SampledPowerMeter(std::string source, std::function<std::unique_ptr<Sensor>()> make_sensor,
                    SensorTiming timing = {});
  std::string source() const override { return source_; }
  double now_s() override { return steady_seconds(); }
  void idle(double seconds) override;
  void start(double interval_s) override;  // throws std::invalid_argument for interval_s ≤ 0
  std::vector<Sample> stop(double until_s) override;
  SensorTiming timing() const override { return timing_; }

 private:
  std::string source_;
  std::function<std::unique_ptr<Sensor>()> make_sensor_;
  SensorTiming timing_;
  std::unique_ptr<Sampler> sampler_;
};

}  // namespace autobench::power::io
