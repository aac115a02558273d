// Measuring one rank's plan of samples (see sample_runner.hpp).
#include "suite/dataset/sample_runner.hpp"

#include <utility>

#include <nlohmann/json.hpp>

#include "suite/control/stop_signals.hpp"
#include "suite/dataset/kernel_adapter.hpp"
#include "suite/dataset/measure.hpp"

namespace autobench::dataset {

using Clock = std::chrono::steady_clock;

std::vector<kernels::Tunables> SampleRunner::configurations_left(const std::vector<Sample>& plan, std::size_t from) const {
  std::map<std::string, kernels::Tunables> distinct;
  for (std::size_t i = from; i < plan.size(); ++i)
    if (plan[i].config.kernel == plan[from].config.kernel && !previous.count(plan[i].id))
      distinct.emplace(kernels::to_string(plan[i].config.tunables), plan[i].config.tunables);
  std::vector<kernels::Tunables> out;
  for (auto& [name, config] : distinct) out.push_back(std::move(config));
  return out;
}

bool SampleRunner::run(std::vector<Sample>& plan, std::size_t begin) {
  for (std::size_t i = begin; i < plan.size(); ++i) {
    Sample& s = plan[i];
    if (auto it = previous.find(s.id); it != previous.end()) {
      s = it->second;
      continue;
    }
    const double elapsed = std::chrono::duration<double>(Clock::now() - t0).count();
    if (control::stop_requested() || !budget->may_start("dataset", elapsed)) return false;
    const auto start = Clock::now();
    if (!compiled[s.config.kernel]) {
      precompile(*device, *dataset_kernel(*kernels::find(s.config.kernel)), configurations_left(plan, i));
      compiled[s.config.kernel] = true;
    }
    const auto compiled_at = Clock::now();
    measure(*device, timing, rank, s);
    budget->record("dataset", std::chrono::duration<double>(Clock::now() - compiled_at).count());
    // The kernel's configurations, compiled before its first one, are part of that one's prepare.
    s.steps.prepare_s += std::chrono::duration<double>(compiled_at - start).count();
    journal->record({{"type", "dataset_sample"}, {"sample", s}});
  }
  return true;
}

}  // namespace autobench::dataset
