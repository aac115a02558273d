// Tuner and timing summary (see tuner.hpp).
#include "suite/autoscale/tuner.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "numerics/statistics.hpp"
#include "suite/autoscale/device_probes.hpp"
#include "suite/autoscale/stopping_criteria.hpp"
#include "suite/autoscale/throttled.hpp"
#include "suite/autoscale/tuning_strategies.hpp"
#include "suite/control/phase_timer.hpp"
#include "suite/results/clock_events.hpp"
#include <fmt/format.h>

namespace autobench::autoscale {

Tuner::Tuner(const AutoscaleSettings& settings, ModelSearch::Launches launches, CompiledResources compiled)
    : settings_(settings),
      compiled_(std::move(compiled)),
      strategy_(make_tuning_strategy(settings, std::move(launches))),
      pruning_(settings.tune_prune),
      stop_(make_stopping_criterion(settings.noise_stop)) {}

kernels::Tunables Tuner::search(backend::Workload& workload, const backend::TimingPlan& plan, std::uint64_t n,
                                results::Point& p) {
  std::vector<kernels::Tunables> configurations;
  for (auto& config : workload.configurations())
    if (!pruning_.dropped(kernels::to_string(config))) configurations.push_back(std::move(config));
  DeviceProbes probes(workload, {1, settings_.tune_iterations, plan.cold}, verified_, compiled_, p);
  TuningResult found = strategy_->search(configurations, n, probes);
  p.tune_predicted_s = found.predicted_s;
  verify_once(workload, found.best, verified_);  // found without a probe (a single candidate)
  if (!probes.timed().empty()) pruning_.record(probes.timed(), probes.seconds());
  return std::move(found.best);
}

results::Point Tuner::measure(backend::Workload& workload, const kernels::KernelSpec& kernel, std::uint64_t n,
                              const AroundTiming& around) {
  const backend::TimingPlan plan = timing_for(settings_, kernel);
  results::Point search_record;
  const kernels::Tunables best = search(workload, plan, n, search_record);
  best_ = best;
  const Timed timed = [&] {
    control::PhaseScope timing_phase(&results::RankTimeSplit::gpu_timing_s);
    // Further batches (no warm-up) while the size's stopping criterion asks for them.
    return time_until_stopped(workload.time(best, plan), *stop_,
                              [&](int more) { return workload.time(best, {0, more, plan.cold}); });
  };
  // The power sampling around the launches counts as power, the launches inside it as GPU timing.
  const backend::Timing timing = around ? [&] {
    control::PhaseScope sampling(&results::RankTimeSplit::power_s);
    return around(timed);
  }()
                                        : timed();
  results::Point p = summarize(timing, kernel, n, settings_.estimator);
  p.tunables = kernels::to_string(best);
  p.converged = results::reached_noise_target(p.noise, settings_.noise_stop.target);
  p.launch_times_s.assign(timing.seconds.begin(), timing.seconds.end());
  p.tune_measured = search_record.tune_measured;
  p.tune_probes = std::move(search_record.tune_probes);
  p.tune_resources = std::move(search_record.tune_resources);
  p.tune_predicted_s = search_record.tune_predicted_s;
  return p;
}

results::Point summarize(const backend::Timing& timing, const kernels::KernelSpec& kernel, std::uint64_t n,
                         Estimator estimator) {
  std::vector<double> t = timing.seconds;
  std::sort(t.begin(), t.end());
  const double count = static_cast<double>(t.size());
  const double mean = std::accumulate(t.begin(), t.end(), 0.0) / count;
  double ss = 0.0;
  for (double v : t) ss += (v - mean) * (v - mean);

  results::Point p;
  p.size = n;
  p.iterations = static_cast<std::int64_t>(t.size());
  p.time_mean_s = mean;
  p.time_min_s = t.front();
  p.time_median_s = numerics::median(t);
  p.time_stddev_s = t.size() > 1 ? std::sqrt(ss / (count - 1.0)) : 0.0;
  p.noise = relative_standard_error(t);
  const double chosen = estimator == Estimator::median ? p.time_median_s
                        : estimator == Estimator::min  ? p.time_min_s
                                                       : mean;
  p.throughput = kernel.throughput(n, chosen);
  p.sm_clock_mhz = timing.sm_clock_mhz;
  p.mem_clock_mhz = timing.mem_clock_mhz;
  p.temperature_c = timing.temperature_c;
  p.clock_event_reasons = timing.clock_event_reasons;
  p.throttle_reason = results::throttle_reason_names(timing.clock_event_reasons & results::kThrottleReasons);
  p.throttled = !p.throttle_reason.empty();
  return p;
}

}  // namespace autobench::autoscale
