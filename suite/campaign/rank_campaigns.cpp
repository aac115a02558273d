// One rank's plan (see rank_campaigns.hpp).
#include "suite/campaign/rank_campaigns.hpp"

#include <chrono>

namespace autobench::campaign {

std::vector<results::Campaign> run_rank(backend::Device& device, const Plan& plan, const RunSettings& settings,
                                        int rank, const RankHooks& hooks) {
  std::vector<results::Campaign> all;
  for (const auto& sweep : plan.sweeps) {
    if ((hooks.stop_requested && hooks.stop_requested()) || (hooks.may_start && !hooks.may_start(sweep))) break;
    const auto t0 = std::chrono::steady_clock::now();
    autoscale::AutoscaleSettings s = settings.autoscale_for(sweep.kernel);
    s.seed += static_cast<std::uint64_t>(sweep.repeat);
    autoscale::SweepHooks sweep_hooks;
    if (hooks.on_point) sweep_hooks.on_point = [&](const results::Point& p) { hooks.on_point(sweep, p); };
    sweep_hooks.stop_requested = hooks.stop_requested;
    sweep_hooks.measure_power = hooks.measure_power;
    sweep_hooks.around_timing = hooks.around_timing;
    sweep_hooks.after_sweep = hooks.after_sweep;
    sweep_hooks.finish_campaign = hooks.finish_campaign;
    for (auto& c : autoscale::run_sweep(device, *kernels::find(sweep.kernel), sweep.detectors, s, sweep_hooks)) {
      c.rank = rank;
      c.repeat = sweep.repeat;
      if (hooks.on_campaign) hooks.on_campaign(c);
      all.push_back(std::move(c));
    }
    if (hooks.sweep_done)
      hooks.sweep_done(sweep, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }
  return all;
}

}  // namespace autobench::campaign
