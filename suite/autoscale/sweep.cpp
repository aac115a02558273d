// The autoscaling sweep (see sweep.hpp).
#include "suite/autoscale/sweep.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <sstream>

#include "suite/autoscale/knee_tracker.hpp"
#include "suite/autoscale/max_size.hpp"
#include "suite/autoscale/tuner.hpp"

namespace autobench::autoscale {
namespace {

using Clock = std::chrono::steady_clock;

results::Campaign make_campaign(const KneeTracker& tracker, const std::vector<results::Point>& points,
                                const std::vector<double>& elapsed, results::StopReason sweep_reason,
                                const std::string& error, std::uint64_t max_size, const std::string& unit,
                                const std::string& kernel, const std::string& params) {
  results::Campaign c;
  c.kernel = kernel;
  c.detector = tracker.detector();
  c.metric_unit = unit;
  c.max_size = max_size;
  c.detector_params = params;
  const std::size_t count = std::min(tracker.points_needed(), points.size());
  c.points.assign(points.begin(), points.begin() + static_cast<std::ptrdiff_t>(count));
  c.elapsed_s = count ? elapsed[count - 1] : 0.0;
  c.stop_reason = tracker.satisfied() ? results::StopReason::knee : sweep_reason;
  if (c.stop_reason == results::StopReason::error) c.error = error;
  c.complete = c.stop_reason != results::StopReason::interrupted;
  c.knee_detected = tracker.knee_index().has_value();
  if (count) {
    c.knee_index = static_cast<std::int64_t>(c.knee_detected ? *tracker.knee_index() : count - 1);
    c.knee_size = c.points[static_cast<std::size_t>(c.knee_index)].size;
  }
  return c;
}

}  // namespace

std::uint64_t next_size(const kernels::KernelSpec& kernel, std::uint64_t n, double factor, std::uint64_t max_size) {
  const auto grown = static_cast<std::uint64_t>(std::ceil(static_cast<double>(n) * factor));
  return std::min(kernel.round_size(std::max(n + 1, grown)), max_size);
}

std::string describe_detector_params(const AutoscaleSettings& s) {
  std::ostringstream out;
  out << "sensitivity=" << s.detector_params.sensitivity << ",distance_threshold=" << s.detector_params.distance_threshold
      << ",x_scale=" << detect::to_string(s.detector_params.x_scale)
      << ",online=" << (s.detector_params.online ? 1 : 0) << ",min_points=" << s.safeguards.min_points
      << ",min_runtime_s=" << s.safeguards.min_runtime_s << ",post_knee=" << s.post_knee
      << ",scale_factor=" << s.scale_factor;
  if (s.knee_metric != KneeMetric::throughput) out << ",knee_metric=" << to_string(s.knee_metric);
  return out.str();
}

std::vector<results::Campaign> run_sweep(backend::Device& device, const kernels::KernelSpec& kernel,
                                         const std::vector<std::string>& detectors,
                                         const AutoscaleSettings& settings, const SweepHooks& hooks) {
  const auto t0 = Clock::now();
  std::vector<KneeTracker> trackers;
  for (const auto& d : detectors)
    trackers.emplace_back(d, settings.detector_params, settings.safeguards, settings.post_knee);

  std::vector<results::Point> points;
  std::vector<double> elapsed;
  results::StopReason reason = results::StopReason::max_size;
  std::string error;
  std::uint64_t n = kernel.round_size(settings.start_size ? settings.start_size : kernel.start_size);
  std::uint64_t max_size = 0;

  try {
    max_size = settings.max_size ? std::max(settings.max_size / kernel.granularity * kernel.granularity, n)
                                 : estimate_max_size(device, kernel, n, settings.safety_factor);
    Tuner tuner(settings);
    detect::Curve curve;
    while (true) {
      if (hooks.stop_requested && hooks.stop_requested()) {
        reason = results::StopReason::interrupted;
        break;
      }
      const auto workload = device.prepare(kernel, n);
      results::Point p = tuner.measure(*workload, kernel, n);
      if (hooks.measure_power) hooks.measure_power(*workload, tuner.best(), p);
      points.push_back(p);
      elapsed.push_back(std::chrono::duration<double>(Clock::now() - t0).count());
      if (hooks.on_point) hooks.on_point(p);

      curve.x.push_back(static_cast<double>(n));
      curve.y.push_back(metric_value(settings.knee_metric, p));
      if (std::isnan(curve.y.back()))
        throw backend::DeviceError("--knee-metric " + std::string(to_string(settings.knee_metric)) + ": size " +
                                   std::to_string(n) + " has no value (no power window, or no power sensor)");
      bool all = true;
      for (auto& t : trackers) {
        if (!t.satisfied()) t.observe(curve, p.time_mean_s);
        all = all && t.satisfied();
      }
      if (all) break;  // every detector's campaign ends with reason `knee`
      if (n >= max_size) break;
      n = next_size(kernel, n, settings.scale_factor, max_size);
    }
  } catch (const backend::OutOfMemory&) {
    reason = results::StopReason::out_of_memory;
  } catch (const std::exception& e) {  // verification failures and device errors end this campaign only
    reason = results::StopReason::error;
    error = e.what();
  }

  const std::string params = describe_detector_params(settings);
  std::vector<results::Campaign> out;
  for (const auto& t : trackers)
    out.push_back(make_campaign(t, points, elapsed, reason, error, max_size, kernel.metric_unit(), kernel.name, params));
  if (hooks.finish_campaign)
    for (auto& c : out) hooks.finish_campaign(c);
  return out;
}

}  // namespace autobench::autoscale
