// The real-time power meter (see sampled_power_meter.hpp).
#include "power/io/sampled_power_meter.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <stdexcept>
#include <thread>

namespace autobench::power::io {

SampledPowerMeter::SampledPowerMeter(std::string source, std::function<std::unique_ptr<Sensor>()> make_sensor,
                                     SensorTiming timing)
    : source_(std::move(source)), make_sensor_(std::move(make_sensor)), timing_(timing) {}

void SampledPowerMeter::idle(double seconds) {
  if (seconds > 0) std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
}

void SampledPowerMeter::start(double interval_s) {
  if (!(interval_s > 0)) throw std::invalid_argument("power sampling interval must be > 0 s");
  if (sampler_) sampler_->stop();
  const auto interval = std::chrono::microseconds(std::max<long long>(1, std::llround(interval_s * 1e6)));
  // The load starts now: its first sensor update shows after the lag (plus a sampling interval of margin).
  sampler_ = std::make_unique<Sampler>(make_sensor_(),
                                       SamplerOptions{interval, steady_seconds() + timing_.lag_s + interval_s});
  sampler_->start();
}

std::vector<Sample> SampledPowerMeter::stop(double until_s) {
  if (!sampler_) return {};
  // Sleeps until until_s (at most a second: a sensor that stopped answering ends the wait), then the
  // last reading, with the energy counter: the window's end edge.
  const double deadline = std::min(until_s, steady_seconds() + 1.0);
  for (double now = steady_seconds(); now < deadline && sampler_->running(); now = steady_seconds())
    std::this_thread::sleep_for(std::chrono::duration<double>(std::min(1e-3, deadline - now)));
  sampler_->finish();
  auto trace = sampler_->trace();
  sampler_.reset();
  return trace;
}

}  // namespace autobench::power::io
