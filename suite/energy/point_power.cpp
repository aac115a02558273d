// Power windows of measured points (see point_power.hpp).
#include "suite/energy/point_power.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <stdexcept>
#include <string>

namespace autobench::energy {
namespace {

// The filter runs over the instant readings from the last one at or before the span's readings on; the
// mean of the filtered trace over the same readings (NaN when the window is not covered).
double filtered_mean(const std::vector<power::Sample>& trace, const power::UpdateWindow& window,
                     const TraceFilter& filter, double lag) {
  if (!window.covered || !window.held.covered) return backend::kNaN;
  std::size_t first = 0;
  while (first + 1 < trace.size() && trace[first + 1].t_s - lag <= window.readings_start_s) ++first;
  std::vector<double> instant;
  for (std::size_t i = first; i < trace.size(); ++i) instant.push_back(trace[i].power_instant_w);
  const std::vector<double> filtered = filter.apply(instant);
  std::vector<power::Sample> smoothed(trace.begin() + static_cast<std::ptrdiff_t>(first), trace.end());
  for (std::size_t i = 0; i < smoothed.size(); ++i) smoothed[i].power_instant_w = filtered[i];
  return power::measure_window(smoothed, window.readings_start_s, window.readings_end_s, {lag}).mean_power_w;
}

}  // namespace

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
  w.filtered_power_w = filtered_mean(w.trace, w.window, plan.filter, lag);
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
    : meter_(meter), window_s_(settings.window_s), points_(kPowerPointsNames.value(settings.points)) {
  check(settings);
  plan_.window_s = std::max(0.0, settings.window_s);
  plan_.interval_s = settings.interval_s;
  plan_.filter = parse_filter(settings.filter);
  if (meter_) plan_.sensor = meter_->timing();
}

backend::Timing PointPower::around_timing(std::uint64_t size, const std::function<backend::Timing()>& timed) {
  own_.reset();
  const double load_s = plan_.span_s() + plan_.interval_s;
  const bool long_enough = enabled() && previous_size_ > 0 &&
                           previous_timed_s_ * static_cast<double>(size) / static_cast<double>(previous_size_) >= load_s;
  if (!long_enough) return timed();
  WindowResult w;
  meter_->start(plan_.interval_s);
  backend::Timing timing;
  try {
    w.load_start_s = meter_->now_s();
    timing = timed();
    w.load_end_s = meter_->now_s();
  } catch (...) {
    meter_->stop(meter_->now_s());
    throw;
  }
  // The timed launches would have run anyway: the cost is the wait for the sensor's last updates.
  const auto wall = std::chrono::steady_clock::now();
  const double lag = std::max(0.0, plan_.sensor.lag_s);
  w.trace = meter_->stop(w.load_end_s + lag);  // the last update inside the load shows by then
  w.cost_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall).count();
  w.launches = static_cast<std::int64_t>(timing.seconds.size());
  if (w.load_end_s > w.load_start_s)
    w.window = power::measure_update_window(w.trace, w.load_start_s, w.load_end_s,
                                            {lag, plan_.sensor.update_period_s, plan_.interval_s});
  if (w.window.covered && w.window.intervals + 1 >= static_cast<std::size_t>(kWindowUpdates)) {
    w.filtered_power_w = filtered_mean(w.trace, w.window, plan_.filter, lag);
    own_ = std::move(w);
    own_size_ = size;
  }
  return timing;
}

void PointPower::measure(backend::Workload& workload, const kernels::Tunables& config, results::Point& p) {
  if (!enabled()) {
    p.power_reason = reason::off;
    return;
  }
  previous_size_ = p.size;
  previous_timed_s_ = p.time_mean_s * static_cast<double>(p.iterations);
  if (own_ && own_size_ == p.size) {
    // Energy per launch over the timed launches' wall time (their gaps included), as a window's.
    fill_point(p, *own_);
    p.power_reason = reason::own_launches;
    own_.reset();
    return;
  }
  if (points_ != PowerPoints::all) return;
  fill_point(p, run_window(workload, config, p.time_mean_s, *meter_, plan_));
  p.power_reason = reason::all;
}

void PointPower::after_sweep(std::vector<results::Campaign>& campaigns, const WorkloadAt& at) {
  previous_size_ = 0;
  own_.reset();
  if (!enabled() || points_ == PowerPoints::all) return;
  const bool first_of_kernel = campaigns.empty() || kernels_seen_.insert(campaigns.front().kernel).second;
  for (const auto& [size, why] : select_power_points(campaigns, points_, first_of_kernel)) {
    bool open = false;  // a point of this size without power yet (not served by its own launches)
    for (const auto& c : campaigns)
      for (const auto& p : c.points) open = open || (p.size == size && p.power_reason.empty());
    if (!open) continue;
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
