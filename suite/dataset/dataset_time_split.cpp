// Per-kernel step seconds of a dataset (see dataset_time_split.hpp).
#include "suite/dataset/dataset_time_split.hpp"

#include <map>

#include "suite/formatting/time_split_table.hpp"

namespace autobench::dataset {

std::vector<KernelSteps> time_split(const std::vector<Sample>& samples) {
  std::map<std::string, KernelSteps> by_kernel;
  for (const auto& s : samples) {
    if (!s.measured()) continue;
    KernelSteps& k = by_kernel[s.config.kernel];
    k.kernel = s.config.kernel;
    ++k.configurations;
    k.seconds += s.steps;
  }
  std::vector<KernelSteps> out;
  for (auto& [name, k] : by_kernel) out.push_back(std::move(k));
  return out;
}

std::string time_split_table(const std::vector<KernelSteps>& split) {
  std::vector<formatting::TimeSplitRow> rows;
  for (const auto& k : split)
    rows.push_back({k.kernel, k.configurations, {k.seconds.prepare_s, k.seconds.verify_s, k.seconds.time_s, k.seconds.destroy_s}});
  return formatting::time_split_table({"kernel", "configurations", true, {"prepare_s", "verify_s", "time_s", "destroy_s"}},
                                      rows);
}

}  // namespace autobench::dataset
