// The autoscaling sweep (see sweep.hpp).
#include "detect/detector_params.hpp"
#include "detect/spline_fit.hpp"
#include "suite/autoscale/sweep.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <functional>
#include <map>
#include <optional>
#include <sstream>
#include <utility>

#include "suite/autoscale/adaptive.hpp"
#include "suite/autoscale/knee_bootstrap.hpp"
#include "suite/autoscale/knee_quality.hpp"
#include "suite/autoscale/knee_tracker.hpp"
#include "suite/autoscale/max_size.hpp"
#include "suite/autoscale/refine.hpp"
#include "suite/autoscale/throttled.hpp"
#include "suite/autoscale/tuner.hpp"
#include "suite/backend/residency.hpp"
#include "suite/control/phase_timer.hpp"

namespace autobench::autoscale {
namespace {

using Clock = std::chrono::steady_clock;

results::Campaign make_campaign(const KneeTracker& tracker, const std::vector<results::Point>& points,
                                const std::vector<double>& elapsed, results::StopReason sweep_reason,
                                const std::string& error, std::uint64_t max_size, const std::string& unit,
                                const std::string& kernel, const std::string& params, bool noise_aware) {
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
  if (c.knee_detected && noise_aware) {
    std::ostringstream counted;  // the thresholds the noise gave when the knee counted
    counted << ",counted_distance_threshold=" << tracker.counted_params().distance_threshold
            << ",counted_sensitivity=" << tracker.counted_params().sensitivity
            << ",counted_min_runtime_s=" << tracker.counted_min_runtime_s();
    c.detector_params += counted.str();
  }
  return c;
}

detect::Curve curve_of(const std::vector<results::Point>& points, KneeMetric metric) {
  detect::Curve curve;
  for (const auto& p : points) {
    curve.x.push_back(static_cast<double>(p.size));
    curve.y.push_back(metric_value(metric, p));
  }
  return curve;
}

// Refines the knee of every campaign whose knee counted (refine.hpp); a size is measured once per sweep
// even when several detectors ask for it. A failure or interruption ends that campaign's refinement with
// its reason and keeps what it measured.
void refine_campaigns(std::vector<results::Campaign>& campaigns, const std::vector<KneeTracker>& trackers,
                      const std::vector<results::Point>& sweep_points, const kernels::KernelSpec& kernel,
                      double precision, KneeMetric metric,
                      const std::function<results::Point(std::uint64_t)>& measure, const SweepHooks& hooks,
                      Clock::time_point t0) {
  std::map<std::uint64_t, results::Point> measured;
  auto once = [&](std::uint64_t n) {
    const auto it = measured.find(n);
    return it != measured.end() ? it->second : measured.emplace(n, measure(n)).first->second;
  };
  for (std::size_t i = 0; i < campaigns.size(); ++i) {
    auto& c = campaigns[i];
    const KneeTracker& tracker = trackers[i];
    if (!c.knee_detected || !tracker.counted_points() || c.stop_reason == results::StopReason::error ||
        c.stop_reason == results::StopReason::interrupted)
      continue;
    const std::uint64_t seen_up_to = sweep_points[*tracker.counted_points() - 1].size;
    auto locate = [&](const std::vector<results::Point>& points) {
      control::PhaseScope detecting(&results::RankTimeSplit::detection_s);
      return tracker.relocate(curve_of(points, metric));
    };
    try {
      if (!refine_knee(c, precision, kernel, seen_up_to, locate, once, hooks.stop_requested)) {
        c.stop_reason = results::StopReason::interrupted;
        c.complete = false;
      }
    } catch (const backend::OutOfMemory&) {
      c.stop_reason = results::StopReason::out_of_memory;
    } catch (const std::exception& e) {
      c.stop_reason = results::StopReason::error;
      c.error = e.what();
    }
    c.elapsed_s = std::chrono::duration<double>(Clock::now() - t0).count();
  }
}

}  // namespace

std::uint64_t next_size(const kernels::KernelSpec& kernel, std::uint64_t n, double factor, std::uint64_t max_size) {
  const auto grown = static_cast<std::uint64_t>(std::ceil(static_cast<double>(n) * factor));
  return std::min(kernel.round_size(std::max(n + 1, grown)), max_size);
}

std::string describe_detector_params(const AutoscaleSettings& s) {
  std::ostringstream out;
  out << "sensitivity=" << s.detector_params.sensitivity << ",distance_threshold=" << s.detector_params.distance_threshold
      << ",x_scale=" << detect::kXScaleNames.name(s.detector_params.x_scale)
      << ",online=" << (detect::choice(s.detector_params, "kneedle", "online") == "true" ? 1 : 0)
      << ",smoothing=" << detect::kSmoothingNames.name(s.detector_params.smoothing) << ",min_points=" << s.safeguards.min_points
      << ",min_runtime_s=" << s.safeguards.min_runtime_s << ",post_knee=" << s.post_knee
      << ",scale_factor=" << s.scale_factor << ",safeguards=" << kSafeguardsNames.name(s.safeguards.mode)
      << ",sweep=" << kSweepNames.name(s.sweep) << ",refine_precision=" << s.refine_precision;
  if (s.detector_params.smoothing == detect::Smoothing::spline) out << ",spline_knots=" << detect::knots_to_string(s.detector_params.spline_knots);
  if (s.sweep == SweepMode::adaptive) out << ",coarse_factor=" << s.coarse_factor;
  if (s.knee_metric != KneeMetric::throughput) out << ",knee_metric=" << kKneeMetricNames.name(s.knee_metric);
  if (s.knee_allow_throttled) out << ",knee_allow_throttled=1";
  for (const auto& [name_key, value] : s.detector_params.declared) out << "," << name_key << "=" << value;  // --detector-param
  for (const auto& [name_key, name] : s.detector_params.chosen)
    if (name_key != "kneedle.online") out << "," << name_key << "=" << name;  // online: said above
  if (s.safeguards.mode == detect::SafeguardMode::noise_aware) {
    out << ",max_jitter=" << s.safeguards.max_jitter << ",noise_z=" << s.safeguards.noise_z << ",fixed=";
    const char* sep = "";
    for (const auto& [on, name] : {std::pair{s.fixed_thresholds.min_runtime, "min_runtime"},
                                   std::pair{s.fixed_thresholds.distance_threshold, "distance_threshold"},
                                   std::pair{s.fixed_thresholds.sensitivity, "sensitivity"}})
      if (on) out << std::exchange(sep, "+") << name;
  }
  return out.str();
}

std::vector<results::Campaign> run_sweep(backend::Device& device, const kernels::KernelSpec& kernel,
                                         const std::vector<std::string>& detectors,
                                         const AutoscaleSettings& settings, const SweepHooks& hooks) {
  const auto t0 = Clock::now();
  std::vector<KneeTracker> trackers;
  for (const auto& d : detectors)
    trackers.emplace_back(d, settings.detector_params, settings.safeguards, settings.fixed_thresholds,
                          settings.post_knee);

  std::vector<results::Point> points;
  std::vector<double> elapsed;
  results::StopReason reason = results::StopReason::max_size;
  std::string error;
  std::uint64_t n = kernel.round_size(settings.start_size ? settings.start_size : kernel.start_size);
  std::uint64_t max_size = 0;
  std::optional<Tuner> tuner;
  std::map<std::uint64_t, kernels::Tunables> best_at;  // each measured size's configuration (after_sweep)
  auto prepare = [&](std::uint64_t size) {
    control::PhaseScope initialising(&results::RankTimeSplit::input_init_s);
    return device.prepare(kernel, size);
  };
  auto measure = [&](std::uint64_t size, bool refinement) {  // one point, sweep or refinement
    const auto workload = prepare(size);
    Tuner::AroundTiming around;
    if (hooks.around_timing && !timing_for(settings, kernel).cold)
      around = [&](const Tuner::Timed& timed) { return hooks.around_timing(size, timed); };
    results::Point p = tuner->measure(*workload, kernel, size, around);
    p.refinement = refinement;
    best_at[size] = tuner->best();
    if (hooks.measure_power) {
      control::PhaseScope power(&results::RankTimeSplit::power_s);
      hooks.measure_power(*workload, tuner->best(), p);
    }
    if (hooks.on_point) hooks.on_point(p);
    return p;
  };

  try {
    max_size = settings.max_size ? std::max(settings.max_size / kernel.granularity * kernel.granularity, n)
                                 : estimate_max_size(device, kernel, n, settings.safety_factor);
    const results::DeviceInfo& info = device.info();
    // The model tuner's blocks per SM from the compiled kernels' registers and shared memory where the
    // backend compiles them (on an H100 the estimate's blocks per SM were wrong for 52 of GEMM's 216).
    const CompiledResources compiled = [&device, &kernel](const kernels::Tunables& config) {
      return device.block_resources(kernel, config);
    };
    tuner.emplace(settings, launches_on(kernel, backend::occupancy_for(info.sm_count, info.cc_major, info.cc_minor), compiled),
                  compiled);
    detect::Curve curve;
    std::vector<detect::PointTiming> timings;
    while (true) {
      if (hooks.stop_requested && hooks.stop_requested()) {
        reason = results::StopReason::interrupted;
        break;
      }
      const results::Point p = measure(n, false);
      points.push_back(p);
      elapsed.push_back(std::chrono::duration<double>(Clock::now() - t0).count());

      curve.x.push_back(static_cast<double>(n));
      curve.y.push_back(metric_value(settings.knee_metric, p));
      if (std::isnan(curve.y.back()))
        throw backend::DeviceError("--knee-metric " + std::string(kKneeMetricNames.name(settings.knee_metric)) + ": size " +
                                   std::to_string(n) + " has no value (no power window, or no power sensor)");
      timings.push_back({p.time_mean_s, p.time_stddev_s, p.throttled && !settings.knee_allow_throttled});
      bool all = true, counted = false;
      {
        control::PhaseScope detecting(&results::RankTimeSplit::detection_s);
        for (auto& t : trackers) {
          if (!t.satisfied()) t.observe(curve, timings);
          all = all && t.satisfied();
          counted = counted || (!t.satisfied() && t.knee_index());
        }
      }
      if (all) break;  // every detector's campaign ends with reason `knee`
      if (n >= max_size) break;
      const auto runtime = trackers.empty() ? std::nullopt : trackers.front().required_runtime_s(timings);
      const auto previous = points.size() < 2 ? std::nullopt
                                              : std::optional<SizeTime>({points[points.size() - 2].size,
                                                                         points[points.size() - 2].time_mean_s});
      n = next_size(kernel, n, next_factor(settings, counted, previous, {n, p.time_mean_s}, runtime), max_size);
    }
  } catch (const backend::OutOfMemory&) {
    reason = results::StopReason::out_of_memory;
  } catch (const backend::DeviceLost&) {  // ends the rank's plan, not only this campaign
    throw;
  } catch (const std::exception& e) {  // verification failures and device errors end this campaign only
    reason = results::StopReason::error;
    error = e.what();
  }

  const std::string params = describe_detector_params(settings);
  std::vector<results::Campaign> out;
  for (const auto& t : trackers)
    out.push_back(make_campaign(t, points, elapsed, reason, error, max_size, kernel.metric_unit(), kernel.name, params,
                                settings.safeguards.mode == detect::SafeguardMode::noise_aware));
  if (settings.refine_precision > 0.0)
    refine_campaigns(out, trackers, points, kernel, settings.refine_precision, settings.knee_metric,
                     [&](std::uint64_t size) { return measure(size, true); }, hooks, t0);
  if (hooks.after_sweep) {
    bool stopped = false;  // a window chosen after the sweep was not measured: the campaigns are not finished
    const SweepHooks::WorkloadAt at = [&](std::uint64_t size,
                                          const std::function<void(backend::Workload&, const kernels::Tunables&)>& f) {
      if (hooks.stop_requested && hooks.stop_requested()) {
        stopped = true;
        return false;
      }
      const auto workload = prepare(size);
      f(*workload, best_at.at(size));
      return true;
    };
    try {
      control::PhaseScope power(&results::RankTimeSplit::power_s);
      hooks.after_sweep(out, at);
    } catch (const std::exception& e) {  // a device failure in a late power window ends the campaigns as an error
      for (auto& c : out)
        if (c.stop_reason != results::StopReason::error) {
          c.stop_reason = results::StopReason::error;
          c.error = std::string("after the sweep: ") + e.what();
        }
    }
    if (stopped)
      for (auto& c : out) c.complete = false;  // kept as measured, measured again on --resume
  }
  for (std::size_t i = 0; i < out.size(); ++i) {
    auto& c = out[i];
    {
      control::PhaseScope detecting(&results::RankTimeSplit::detection_s);
      flag_throttled(c.points);
      if (!settings.knee_allow_throttled) move_knee_off_throttled(c);
      record_knee_quality(c, settings.detector_params.x_scale);
    }
    c.timing_mode = timing_for(settings, kernel).cold ? "cold" : "warm";
    c.estimator = kEstimatorNames.name(settings.estimator);
    // The interval of the knee as it counted: the detector, with the parameters then in force, on
    // replicates of the sweep's points it saw then (throughput only: efficiency has no launch samples).
    const auto seen = trackers[i].counted_points();
    if (c.knee_detected && seen && settings.bootstrap > 0 && settings.knee_metric == KneeMetric::throughput) {
      control::PhaseScope bootstrapping(&results::RankTimeSplit::bootstrap_s);
      const std::vector<results::Point> prefix(points.begin(), points.begin() + static_cast<std::ptrdiff_t>(*seen));
      const auto interval = bootstrap_knee(prefix, kernel, settings.estimator, settings.bootstrap, settings.seed + i,
                                           [&](const detect::Curve& curve) { return trackers[i].relocate(curve); });
      c.knee_low_size = interval.low;
      c.knee_high_size = interval.high;
      c.knee_found_fraction = interval.found;
    }
  }
  if (hooks.finish_campaign) {
    control::PhaseScope power(&results::RankTimeSplit::power_s);
    for (auto& c : out) hooks.finish_campaign(c);
  }
  return out;
}

}  // namespace autobench::autoscale
