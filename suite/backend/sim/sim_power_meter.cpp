// The sim device's power meter (see sim_power_meter.hpp).
#include "suite/backend/sim/sim_power_meter.hpp"

#include <cmath>
#include <stdexcept>

#include "power/counter_edges.hpp"
#include "power/sim_sensor.hpp"
#include "suite/backend/sim/sim_device.hpp"

namespace autobench::backend::sim {

double SimPowerMeter::now_s() { return device_.now_s(); }

void SimPowerMeter::idle(double seconds) { device_.advance(seconds, 0.0); }

power::SensorTiming SimPowerMeter::timing() const { return device_.power().sensor; }

void SimPowerMeter::start(double interval_s) {
  if (!(interval_s > 0)) throw std::invalid_argument("power sampling interval must be > 0 s");
  interval_s_ = interval_s;
  start_s_ = device_.now_s();
  watts_before_ = device_.power().power_w(device_.clock_mhz(), 0.0, device_.temperature_c());
  device_.record(true);
}

std::vector<power::Sample> SimPowerMeter::stop(double until_s) {
  if (!(interval_s_ > 0)) return {};
  // Sampling runs on the grid start + k·interval until a reading at or after until_s: the device idles
  // meanwhile.
  const double last = start_s_ + std::ceil(std::max(0.0, until_s - start_s_) / interval_s_) * interval_s_;
  if (device_.now_s() < last) device_.advance(last - device_.now_s(), 0.0);
  const auto segments = device_.segments();
  device_.record(false);

  const auto& model = device_.power();
  power::SimSensorConfig config;
  config.origin_s = start_s_;
  config.profile = {{-1e9, watts_before_}};
  for (const auto& s : segments) config.profile.push_back({s.start_s - start_s_, s.watts});
  config.update_period_s = model.sensor.update_period_s;
  config.lag_s = model.sensor.lag_s;
  config.noise_w = model.sensor_noise_w;
  config.seed = device_.draw_seed();
  // Updates fall at a random phase of each window, as they do relative to a real kernel's start.
  config.update_phase_s = static_cast<double>(config.seed % 1000) / 1000.0 * config.update_period_s;
  config.mem_clock_mhz = device_.model().mem_clock_mhz;
  const power::SimSensor sensor(config);

  std::vector<power::Sample> trace;
  std::size_t seg = 0;
  const double t_end = std::max(last, device_.now_s());
  for (std::size_t k = 0;; ++k) {
    const double t = start_s_ + static_cast<double>(k) * interval_s_;
    if (t > t_end + 1e-12) break;
    power::Sample s = sensor.at(t);
    s.t_s = t;
    while (seg + 1 < segments.size() && segments[seg].end_s <= t) ++seg;
    // Clock and temperature as the device had them at t (after the last segment: its end state).
    if (!segments.empty()) {
      s.sm_clock_mhz = segments[seg].clock_mhz;
      s.temperature_c = segments[seg].temperature_c;
    } else {
      s.sm_clock_mhz = device_.clock_mhz();
      s.temperature_c = device_.temperature_c();
    }
    trace.push_back(s);
  }
  // The counter as a real meter reads it: at the window's edges only (power/io/sampled_power_meter.hpp).
  power::keep_counter_at_edges(trace, start_s_ + model.sensor.lag_s + interval_s_);
  interval_s_ = 0;
  return trace;
}

}  // namespace autobench::backend::sim
