// Power windows of measured points (see point_power.hpp).
#include "suite/energy/point_power.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace autobench::energy {

WindowResult run_window(backend::Workload& workload, const kernels::Tunables& config, double launch_s,
                        power::PowerMeter& meter, const WindowPlan& plan) {
  if (!(plan.window_s > 0)) throw std::invalid_argument("power window must be > 0 s");
  const double per_launch = launch_s > 0 && std::isfinite(launch_s) ? launch_s : plan.batch_s;
  const int batch = static_cast<int>(std::clamp(std::ceil(plan.batch_s / per_launch), 1.0, 1e6));

  WindowResult w;
  meter.start(plan.interval_s);
  try {
    const double lead_in_end = meter.now_s() + plan.sensor.lead_in_s();
    do workload.run(config, batch);
    while (meter.now_s() < lead_in_end);
    w.t0_s = meter.now_s();
    do {
      workload.run(config, batch);
      w.launches += batch;
    } while (meter.now_s() < w.t0_s + plan.window_s);
    w.t1_s = meter.now_s();
    do workload.run(config, batch);
    while (meter.now_s() < w.t1_s + plan.sensor.lead_in_s());
  } catch (...) {
    meter.stop(meter.now_s());
    throw;
  }
  w.trace = meter.stop(meter.now_s());

  w.raw = power::measure_window(w.trace, w.t0_s, w.t1_s);
  if (w.raw.covered) {
    std::size_t first = 0;
    while (first + 1 < w.trace.size() && w.trace[first + 1].t_s <= w.t0_s) ++first;
    std::vector<double> instant;
    for (std::size_t i = first; i < w.trace.size(); ++i) instant.push_back(w.trace[i].power_instant_w);
    const std::vector<double> filtered = plan.filter.apply(instant);
    std::vector<power::Sample> smoothed(w.trace.begin() + static_cast<std::ptrdiff_t>(first), w.trace.end());
    for (std::size_t i = 0; i < smoothed.size(); ++i) smoothed[i].power_instant_w = filtered[i];
    w.filtered_power_w = power::measure_window(smoothed, w.t0_s, w.t1_s).mean_power_w;
  }
  return w;
}

void fill_point(results::Point& p, const WindowResult& w) {
  p.power_window_s = w.raw.duration_s;
  p.power_launches = w.launches;
  p.power_samples = static_cast<std::int64_t>(w.raw.samples);
  p.power_updates = static_cast<std::int64_t>(w.raw.power_updates);
  p.clock_event_reasons |= w.raw.clock_event_reasons;
  if (!w.raw.covered || w.launches <= 0) return;
  const double launches = static_cast<double>(w.launches);
  p.power_w = w.raw.mean_power_w;
  p.power_filtered_w = w.filtered_power_w;
  p.energy_j = w.filtered_power_w * w.raw.duration_s / launches;
  p.energy_counter_j = w.raw.energy_from_counter_j / launches;
  p.efficiency = p.throughput * p.time_mean_s / p.energy_j;
  p.power_sm_clock_mhz = w.raw.mean_sm_clock_mhz;
  p.power_temperature_c = w.raw.mean_temperature_c;
}

PointPower::PointPower(power::PowerMeter* meter, const PowerSettings& settings) : meter_(meter) {
  if (!(settings.window_s >= 0))
    throw std::invalid_argument("--power-window-ms " + std::to_string(settings.window_s * 1e3) +
                                " is not allowed: must be >= 0 (0 disables power windows)");
  if (!(settings.interval_s > 0))
    throw std::invalid_argument("--power-interval-ms " + std::to_string(settings.interval_s * 1e3) +
                                " is not allowed: must be > 0");
  plan_.window_s = settings.window_s;
  plan_.interval_s = settings.interval_s;
  plan_.filter = parse_filter(settings.filter);
  if (meter_) plan_.sensor = meter_->timing();
}

void PointPower::measure(backend::Workload& workload, const kernels::Tunables& config, results::Point& p) {
  if (!enabled()) return;
  fill_point(p, run_window(workload, config, p.time_mean_s, *meter_, plan_));
}

}  // namespace autobench::energy
