// Power windows of measured points (see point_power.hpp).
#include "suite/energy/point_power.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <stdexcept>
#include <string>

namespace autobench::energy {

double WindowResult::power_w() const {
  return std::isfinite(window.counter_power_w) ? window.counter_power_w : window.held.mean_power_w;
}

WindowResult run_window(backend::Workload& workload, const kernels::Tunables& config, double launch_s,
                        power::PowerMeter& meter, const WindowPlan& plan) {
  const double span = plan.span_s();
  if (!(span > 0) || !std::isfinite(span)) throw std::invalid_argument("power window must be > 0 s");
  const double per_launch = launch_s > 0 && std::isfinite(launch_s) ? launch_s : plan.batch_s;
  const int batch = static_cast<int>(std::clamp(std::ceil(plan.batch_s / per_launch), 1.0, 1e6));
  const double lag = std::max(0.0, plan.sensor.lag_s);

  WindowResult w;
  const auto wall = std::chrono::steady_clock::now();
  meter.start(plan.interval_s);
  try {
    w.load_start_s = meter.now_s();
    do {
      workload.run(config, batch);
      w.launches += batch;
    } while (meter.now_s() < w.load_start_s + span + plan.interval_s);
    w.load_end_s = meter.now_s();
    do workload.run(config, batch);
    while (meter.now_s() < w.load_end_s + lag + plan.interval_s);
  } catch (...) {
    meter.stop(meter.now_s());
    throw;
  }
  w.trace = meter.stop(meter.now_s());
  w.cost_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall).count();

  w.window = power::measure_update_window(w.trace, w.load_start_s, w.load_end_s,
                                          {lag, plan.sensor.update_period_s, plan.interval_s});
  if (w.window.covered && w.window.held.covered) {
    std::size_t first = 0;
    while (first + 1 < w.trace.size() && w.trace[first + 1].t_s - lag <= w.window.readings_start_s) ++first;
    std::vector<double> instant;
    for (std::size_t i = first; i < w.trace.size(); ++i) instant.push_back(w.trace[i].power_instant_w);
    const std::vector<double> filtered = plan.filter.apply(instant);
    std::vector<power::Sample> smoothed(w.trace.begin() + static_cast<std::ptrdiff_t>(first), w.trace.end());
    for (std::size_t i = 0; i < smoothed.size(); ++i) smoothed[i].power_instant_w = filtered[i];
    w.filtered_power_w =
        power::measure_window(smoothed, w.window.readings_start_s, w.window.readings_end_s, {lag}).mean_power_w;
  }
  return w;
}

void fill_point(results::Point& p, const WindowResult& w) {
  const power::WindowMeasurement& held = w.window.held;
  p.power_launches = w.launches;
  p.power_samples = static_cast<std::int64_t>(held.samples);
  p.power_updates = static_cast<std::int64_t>(held.power_updates);
  p.power_cost_s = w.cost_s;
  p.clock_event_reasons |= held.clock_event_reasons;
  if (!w.window.covered || !held.covered || w.launches <= 0) return;
  const double per_launch = (w.load_end_s - w.load_start_s) / static_cast<double>(w.launches);
  p.power_window_s = w.window.end_s - w.window.start_s;
  p.power_w = held.mean_power_w;
  p.power_filtered_w = w.filtered_power_w;
  p.energy_counter_j = w.window.counter_power_w * per_launch;
  p.energy_instant_j = w.filtered_power_w * per_launch;
  p.energy_j = std::isfinite(p.energy_counter_j) ? p.energy_counter_j : p.energy_instant_j;
  p.efficiency = p.throughput * p.time_mean_s / p.energy_j;
  p.power_sm_clock_mhz = held.mean_sm_clock_mhz;
  p.power_temperature_c = held.mean_temperature_c;
}

PointPower::PointPower(power::PowerMeter* meter, const PowerSettings& settings)
    : meter_(meter), window_s_(settings.window_s), points_(power_points_from_string(settings.points)) {
  check(settings);
  plan_.window_s = std::max(0.0, settings.window_s);
  plan_.interval_s = settings.interval_s;
  plan_.filter = parse_filter(settings.filter);
  if (meter_) plan_.sensor = meter_->timing();
}

void PointPower::measure(backend::Workload& workload, const kernels::Tunables& config, results::Point& p) {
  if (!enabled()) {
    p.power_reason = reason::off;
    return;
  }
  if (points_ != PowerPoints::all) return;
  fill_point(p, run_window(workload, config, p.time_mean_s, *meter_, plan_));
  p.power_reason = reason::all;
}

void PointPower::after_sweep(std::vector<results::Campaign>& campaigns, const WorkloadAt& at) {
  if (!enabled() || points_ == PowerPoints::all) return;
  for (const auto& [size, why] : select_power_points(campaigns, points_)) {
    WindowResult w;
    bool measured = false;
    const bool ran = at(size, [&](backend::Workload& workload, const kernels::Tunables& config) {
      double launch_s = backend::kNaN;
      for (const auto& c : campaigns)
        for (const auto& p : c.points)
          if (p.size == size) launch_s = p.time_mean_s;
      w = run_window(workload, config, launch_s, *meter_, plan_);
      measured = true;
    });
    for (auto& c : campaigns)
      for (auto& p : c.points) {
        if (p.size != size || !p.power_reason.empty()) continue;
        if (measured) fill_point(p, w);
        p.power_reason = ran && measured ? why : reason::stopped;
      }
  }
  for (auto& c : campaigns)
    for (auto& p : c.points)
      if (p.power_reason.empty()) p.power_reason = reason::skipped;
}

}  // namespace autobench::energy
