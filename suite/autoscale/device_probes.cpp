// Probes timed on the device (see device_probes.hpp).
#include "suite/autoscale/device_probes.hpp"

#include <fmt/format.h>

#include "numerics/statistics.hpp"
#include "suite/control/phase_timer.hpp"

namespace autobench::autoscale {

void verify_once(backend::Workload& workload, const kernels::Tunables& config, std::set<std::string>& verified) {
  if (!verified.insert(kernels::to_string(config)).second) return;
  control::PhaseScope verifying(&results::RankTimeSplit::verification_s);
  workload.verify(config);
}

DeviceProbes::DeviceProbes(backend::Workload& workload, const backend::TimingPlan& probe, std::set<std::string>& verified,
                           const CompiledResources& compiled, results::Point& record)
    : workload_(workload), probe_(probe), verified_(verified), compiled_(compiled), record_(record) {}

std::vector<double> DeviceProbes::probe(const std::vector<kernels::Tunables>& configs, std::uint64_t) {
  for (const auto& config : configs) {
    verify_once(workload_, config, verified_);
    const std::string name = kernels::to_string(config);
    if (compiled_ && described_.insert(name).second)
      if (const std::optional<kernels::BlockResources> r = compiled_(config))
        record_.tune_resources += fmt::format("{}{}@{}/{}", record_.tune_resources.empty() ? "" : ";", name,
                                              r->registers_per_thread, r->shared_bytes);
  }
  std::vector<double> times;
  for (const auto& config : configs) {
    {
      control::PhaseScope timing(&results::RankTimeSplit::gpu_timing_s);
      times.push_back(numerics::median(workload_.time(config, probe_).seconds));
    }
    timed_.push_back(kernels::to_string(config));
    seconds_.push_back(times.back());
    record_.tune_probes += (record_.tune_probes.empty() ? "" : ";") + timed_.back() + "@" + fmt::format("{}", times.back());
    ++record_.tune_measured;
  }
  return times;
}

}  // namespace autobench::autoscale
