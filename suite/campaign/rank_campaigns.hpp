// Runs one rank's whole plan on its device: every sweep, in order, producing its campaigns.
#pragma once

#include <functional>
#include <vector>

#include "suite/autoscale/sweep.hpp"
#include "suite/campaign/plan.hpp"

namespace autobench::campaign {

struct RankHooks {
  std::function<void(const SweepSpec&, const results::Point&)> on_point;
  std::function<void(const results::Campaign&)> on_campaign;  // each finished campaign
  std::function<bool()> stop_requested;                          // checked before every size
  std::function<bool(const SweepSpec&)> may_start;               // false: start no further sweep
  std::function<void(const SweepSpec&, double seconds)> sweep_done;
  // Passed to every sweep (autoscale::SweepHooks): power windows and power corrections.
  std::function<void(backend::Workload&, const kernels::Tunables&, results::Point&)> measure_power;
  std::function<backend::Timing(std::uint64_t, const autoscale::Tuner::Timed&)> around_timing;
  std::function<void(std::vector<results::Campaign>&, const autoscale::SweepHooks::WorkloadAt&)> after_sweep;
  std::function<void(results::Campaign&)> finish_campaign;
};

// Each kernel's sweeps use settings.autoscale_for(kernel).
std::vector<results::Campaign> run_rank(backend::Device& device, const Plan& plan, const RunSettings& settings,
                                        int rank, const RankHooks& hooks = {});

}  // namespace autobench::campaign
