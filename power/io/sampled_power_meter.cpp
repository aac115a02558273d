// The real-time power meter (see sampled_power_meter.hpp).
#include "power/io/sampled_power_meter.hpp"

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
  sampler_ = std::make_unique<Sampler>(make_sensor_(), SamplerOptions{interval});
  sampler_->start();
}

std::vector<Sample> SampledPowerMeter::stop(double until_s) {
  if (!sampler_) return {};
  // Polls the trace's end a few times per sampling interval; gives up after a second past until_s
  // (a sensor that stopped answering), returning what there is.
  while (steady_seconds() < until_s + 1.0) {
    const auto trace = sampler_->trace();
    if (!trace.empty() && trace.back().t_s >= until_s) break;
    if (!sampler_->running()) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  sampler_->stop();
  auto trace = sampler_->trace();
  sampler_.reset();
  return trace;
}

}  // namespace autobench::power::io
