// Tuner and timing summary (see tuner.hpp).
#include "suite/autoscale/tuner.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace autobench::autoscale {

Tuner::Tuner(const AutoscaleSettings& settings) : settings_(settings), rng_(settings.seed) {}

kernels::Tunables Tuner::search(backend::Workload& workload) {
  std::vector<kernels::Tunables> space = workload.configurations();
  if (space.size() > static_cast<std::size_t>(settings_.tune_budget)) {
    std::shuffle(space.begin(), space.end(), rng_);
    auto prev = std::find_if(space.begin(), space.end(),
                             [&](const kernels::Tunables& t) { return kernels::to_string(t) == previous_best_; });
    if (prev != space.end()) std::iter_swap(space.begin(), prev);
    space.resize(static_cast<std::size_t>(settings_.tune_budget));
  }
  for (const auto& config : space) {
    if (verified_.insert(kernels::to_string(config)).second) workload.verify(config);
  }
  if (space.size() == 1) return space.front();

  const backend::TimingPlan probe{1, settings_.tune_iterations, settings_.timing.cold};
  kernels::Tunables best;
  double best_time = INFINITY;
  for (const auto& config : space) {
    auto t = workload.time(config, probe).seconds;
    std::nth_element(t.begin(), t.begin() + t.size() / 2, t.end());
    if (t[t.size() / 2] < best_time) {
      best_time = t[t.size() / 2];
      best = config;
    }
  }
  return best;
}

results::Point Tuner::measure(backend::Workload& workload, const kernels::KernelSpec& kernel, std::uint64_t n,
                              const AroundTiming& around) {
  const kernels::Tunables best = search(workload);
  best_ = best;
  previous_best_ = kernels::to_string(best);
  const Timed timed = [&] { return workload.time(best, settings_.timing); };
  results::Point p = summarize(around ? around(timed) : timed(), kernel, n);
  p.tunables = previous_best_;
  return p;
}

results::Point summarize(const backend::Timing& timing, const kernels::KernelSpec& kernel, std::uint64_t n) {
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
  p.time_median_s = t.size() % 2 ? t[t.size() / 2] : 0.5 * (t[t.size() / 2 - 1] + t[t.size() / 2]);
  p.time_stddev_s = t.size() > 1 ? std::sqrt(ss / (count - 1.0)) : 0.0;
  p.throughput = kernel.throughput(n, mean);
  p.sm_clock_mhz = timing.sm_clock_mhz;
  p.temperature_c = timing.temperature_c;
  p.clock_event_reasons = timing.clock_event_reasons;
  return p;
}

}  // namespace autobench::autoscale
