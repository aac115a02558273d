// Tuner and timing summary (see tuner.hpp).
#include "suite/autoscale/tuner.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "numerics/statistics.hpp"
#include "suite/autoscale/stopping_criteria.hpp"
#include "suite/autoscale/throttled.hpp"
#include "suite/control/phase_timer.hpp"
#include <fmt/format.h>

namespace autobench::autoscale {

Tuner::Tuner(const AutoscaleSettings& settings, ModelSearch::Launches launches, CompiledResources compiled)
    : settings_(settings),
      rng_(settings.seed),
      compiled_(std::move(compiled)),
      pruning_(settings.tune_prune),
      stop_(make_stopping_criterion(settings.noise_stop)) {
  if (settings.tuner == TunerKind::model)
    model_.emplace(settings.tune_budget, settings.tuner_top_k, settings.tuner_random, settings.tuner_incumbents,
                   std::move(launches));
}

std::vector<kernels::Tunables> Tuner::candidates(const std::vector<kernels::Tunables>& space) {
  std::vector<kernels::Tunables> out = space;
  if (out.size() > static_cast<std::size_t>(settings_.tune_budget)) {
    std::shuffle(out.begin(), out.end(), rng_);
    auto prev = std::find_if(out.begin(), out.end(),
                             [&](const kernels::Tunables& t) { return kernels::to_string(t) == previous_best_; });
    if (prev != out.end()) std::iter_swap(out.begin(), prev);
    out.resize(static_cast<std::size_t>(settings_.tune_budget));
  }
  return out;
}

kernels::Tunables Tuner::search(backend::Workload& workload, const backend::TimingPlan& plan, std::uint64_t n,
                                results::Point& p) {
  const backend::TimingPlan probe{1, settings_.tune_iterations, plan.cold};
  std::vector<std::string> timed;  // every configuration probed at this size and its time, for pruning_
  std::vector<double> timed_s;
  std::set<std::string> described;  // configurations whose resources were asked for
  const ModelSearch::Time time = [&](const std::vector<kernels::Tunables>& configs) {
    for (const auto& config : configs) {
      const std::string name = kernels::to_string(config);
      if (verified_.insert(name).second) {
        control::PhaseScope verifying(&results::RankTimeSplit::verification_s);
        workload.verify(config);
      }
      if (compiled_ && described.insert(name).second)
        if (const std::optional<kernels::BlockResources> r = compiled_(config))
          p.tune_resources += fmt::format("{}{}@{}/{}", p.tune_resources.empty() ? "" : ";", name, r->registers_per_thread,
                                          r->shared_bytes);
    }
    std::vector<double> times;
    for (const auto& config : configs) {
      {
        control::PhaseScope timing(&results::RankTimeSplit::gpu_timing_s);
        times.push_back(numerics::median(workload.time(config, probe).seconds));
      }
      timed.push_back(kernels::to_string(config));
      timed_s.push_back(times.back());
      p.tune_probes += (p.tune_probes.empty() ? "" : ";") + timed.back() + "@" + fmt::format("{}", times.back());
      ++p.tune_measured;
    }
    return times;
  };
  std::vector<kernels::Tunables> configurations;
  for (auto& config : workload.configurations())
    if (!pruning_.dropped(kernels::to_string(config))) configurations.push_back(std::move(config));
  kernels::Tunables best;
  if (model_ && configurations.size() > 1) {
    ModelSearch::Found found = model_->search(configurations, n, rng_, time);
    p.tune_predicted_s = found.predicted_s;  // NaN at the warm-up sizes
    best = std::move(found.best);
  } else {
    const std::vector<kernels::Tunables> space = candidates(configurations);
    if (space.size() == 1) {
      if (verified_.insert(kernels::to_string(space.front())).second) {
        control::PhaseScope verifying(&results::RankTimeSplit::verification_s);
        workload.verify(space.front());
      }
      return space.front();
    }
    const std::vector<double> times = time(space);
    best = space[static_cast<std::size_t>(std::min_element(times.begin(), times.end()) - times.begin())];
  }
  pruning_.record(timed, timed_s);
  return best;
}

results::Point Tuner::measure(backend::Workload& workload, const kernels::KernelSpec& kernel, std::uint64_t n,
                              const AroundTiming& around) {
  const backend::TimingPlan plan = timing_for(settings_, kernel);
  results::Point search_record;
  const kernels::Tunables best = search(workload, plan, n, search_record);
  best_ = best;
  previous_best_ = kernels::to_string(best);
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
  p.tunables = previous_best_;
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
  p.throttle_reason = throttle_reason_names(timing.clock_event_reasons & kThrottleReasons);
  p.throttled = !p.throttle_reason.empty();
  return p;
}

}  // namespace autobench::autoscale
