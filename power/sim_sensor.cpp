#include "power/sim_sensor.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <stdexcept>
#include <string>

namespace autobench::power {

namespace {

std::uint64_t splitmix64(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

// A standard normal value that depends only on (seed, index): Box–Muller on two hashed uniforms.
double gaussian(std::uint64_t seed, std::int64_t index) {
  const std::uint64_t h1 = splitmix64(seed ^ splitmix64(static_cast<std::uint64_t>(index)));
  const std::uint64_t h2 = splitmix64(h1);
  const double u1 = (static_cast<double>(h1 >> 11) + 1.0) / 9007199254740993.0;  // (0, 1]
  const double u2 = static_cast<double>(h2 >> 11) / 9007199254740992.0;          // [0, 1)
  return std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * std::numbers::pi * u2);
}

}  // namespace

SimSensor::SimSensor(SimSensorConfig config) : config_(std::move(config)) {
  if (config_.profile.empty()) throw std::invalid_argument("SimSensor: the power profile has no steps");
  if (!std::is_sorted(config_.profile.begin(), config_.profile.end(),
                      [](const PowerStep& a, const PowerStep& b) { return a.start_s < b.start_s; })) {
    throw std::invalid_argument("SimSensor: power steps must be ordered by start time");
  }
  if (!(config_.update_period_s > 0.0)) {
    throw std::invalid_argument("SimSensor: update period " + std::to_string(config_.update_period_s) +
                                " s must be > 0");
  }
  if (!(config_.average_window_s > 0.0)) {
    throw std::invalid_argument("SimSensor: average window " + std::to_string(config_.average_window_s) +
                                " s must be > 0");
  }
  if (std::isnan(config_.origin_s)) config_.origin_s = steady_seconds();
}

double SimSensor::true_power_w(double t_s) const {
  const double rel = t_s - config_.origin_s;
  double w = config_.profile.front().watts;
  for (const auto& step : config_.profile) {
    if (step.start_s > rel) break;
    w = step.watts;
  }
  return w;
}

double SimSensor::integral_from_origin(double t_s) const {
  // ∫ from profile time 0 to rel (negative rel gives the negative integral).
  const double rel = t_s - config_.origin_s;
  const auto& steps = config_.profile;
  auto integral_to = [&](double x) {
    double sum = 0.0;
    double at = std::min(0.0, steps.front().start_s);
    double w = steps.front().watts;
    for (const auto& step : steps) {
      if (step.start_s >= x) break;
      sum += w * (std::max(step.start_s, at) - at);
      at = std::max(step.start_s, at);
      w = step.watts;
    }
    return sum + w * (x - at);
  };
  return integral_to(rel) - integral_to(0.0);
}

double SimSensor::true_energy_j(double t0_s, double t1_s) const {
  return integral_from_origin(t1_s) - integral_from_origin(t0_s);
}

Sample SimSensor::at(double t_s) const {
  const double since = t_s - config_.origin_s - config_.update_phase_s;
  const auto k = static_cast<std::int64_t>(std::floor(since / config_.update_period_s));
  const double u = config_.origin_s + config_.update_phase_s + static_cast<double>(k) * config_.update_period_s;
  const double seen = u - config_.lag_s;
  Sample s;
  s.power_instant_w = true_power_w(seen) + config_.noise_w * gaussian(config_.seed, k);
  s.power_average_w = true_energy_j(seen - config_.average_window_s, seen) / config_.average_window_s;
  s.energy_j = std::floor(std::max(0.0, integral_from_origin(seen)) * 1000.0) / 1000.0;
  s.sm_clock_mhz = config_.sm_clock_mhz;
  s.mem_clock_mhz = config_.mem_clock_mhz;
  s.temperature_c = config_.temperature_c;
  return s;
}

Sample SimSensor::read() {
  Sample s = at(steady_seconds());
  s.energy_j = numerics::kNaN;
  return s;
}

double SimSensor::read_energy_j() { return at(steady_seconds()).energy_j; }

}  // namespace autobench::power
