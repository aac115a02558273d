// The live probe source: a tuning strategy's probes timed on the device, each configuration verified the
// first time it is seen, and what was timed recorded in the size's point.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "suite/autoscale/model_search.hpp"
#include "suite/autoscale/tuning_strategy.hpp"
#include "suite/backend/device.hpp"
#include "suite/results/results.hpp"

namespace autobench::autoscale {

// Verifies `config` on `workload` unless `verified` names it already (then names it); throws
// backend::VerificationError naming it.
void verify_once(backend::Workload& workload, const kernels::Tunables& config, std::set<std::string>& verified);

class DeviceProbes final : public ProbeSource {
 public:
  // Probes `workload` (already at the size searched) with the `probe` plan; `record` gets each probe
  // (tune_probes, tune_measured) and, from `compiled`, each configuration's block resources (tune_resources).
  DeviceProbes(backend::Workload& workload, const backend::TimingPlan& probe, std::set<std::string>& verified,
               const CompiledResources& compiled, results::Point& record);

  // Verifies the configurations not verified yet, then times each once: the median of its probe launches.
  std::vector<double> probe(const std::vector<kernels::Tunables>& configs, std::uint64_t n) override;

  // Every configuration probed (kernels::to_string) and its probe time, in order.
  const std::vector<std::string>& timed() const { return timed_; }
  const std::vector<double>& seconds() const { return seconds_; }

 private:
  backend::Workload& workload_;
  backend::TimingPlan probe_;
  std::set<std::string>& verified_;
  const CompiledResources& compiled_;
  results::Point& record_;
  std::set<std::string> described_;  // configurations whose resources were asked for
  std::vector<std::string> timed_;
  std::vector<double> seconds_;
};

}  // namespace autobench::autoscale
