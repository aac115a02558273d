// The IQR refinement's inputs across ranks (see iqr_inputs.hpp).
#include "suite/dataset/iqr_inputs.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <string>

#include "suite/dataset/dataset_sample.hpp"

namespace autobench::dataset {

nlohmann::json kernel_limits(const std::vector<LaunchShape>& shapes) {
  nlohmann::json out = nlohmann::json::object();
  for (const auto& sh : shapes) {
    double max_global = 0;
    for (const auto& c : sh.configs)
      max_global = std::max(max_global, static_cast<double>(sh.workgroups(sh.max_size, c)) * sh.block_threads(c));
    out[sh.kernel] = {{"min_global", static_cast<double>(sh.granularity)}, {"max_global", max_global}};
  }
  return out;
}

BalancePlan balance_plan(const std::vector<nlohmann::json>& ranks, const DatasetSettings& settings) {
  std::map<std::string, KernelTimes> by_kernel;
  std::size_t sampled = 0;
  for (const auto& r : ranks) {
    for (const auto& [k, lim] : r.at("limits").items()) {
      auto [it, fresh] = by_kernel.try_emplace(k);
      it->second.kernel = k;
      it->second.min_global = std::max(it->second.min_global, lim.at("min_global").get<double>());
      const double mg = lim.at("max_global");
      it->second.max_global = fresh ? mg : std::min(it->second.max_global, mg);
    }
    for (const auto& j : r.at("samples")) {
      const auto sample = j.get<Sample>();
      ++sampled;
      if (!sample.measured() || !sample.error.empty()) continue;
      auto& kt = by_kernel[sample.config.kernel];
      kt.global_size.push_back(static_cast<double>(sample.config.global_size()));
      kt.time_us.push_back(sample.point.time_median_s * 1e6);
    }
  }
  std::vector<KernelTimes> kernels;
  for (auto& [k, kt] : by_kernel)
    if (!kt.time_us.empty()) kernels.push_back(std::move(kt));
  return plan_iqr_balance(kernels, static_cast<std::size_t>(std::floor(settings.balance_max * static_cast<double>(sampled))),
                          settings.seed);
}

}  // namespace autobench::dataset
