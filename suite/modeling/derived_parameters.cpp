// Model parameters derived from a point (see derived_parameters.hpp).
#include "suite/modeling/derived_parameters.hpp"

#include <algorithm>
#include <stdexcept>

#include "suite/backend/residency.hpp"

namespace autobench::modeling {
namespace {

const std::vector<std::string>& launch_names() {
  static const std::vector<std::string> names{"launch_threads", "launch_blocks", "block_threads"};
  return names;
}
const std::vector<std::string>& residency_names() {
  static const std::vector<std::string> names{"blocks_per_sm", "resident_threads"};
  return names;
}
// The kernel's derived quantities' names (their values need a configuration: the first valid one).
std::vector<std::string> kernel_names(const kernels::KernelSpec& kernel) {
  std::vector<std::string> out;
  if (!kernel.derived) return out;
  const auto configs = kernel.tuning_space ? kernel.tuning_space(kernel.round_size(kernel.start_size)) : std::vector<kernels::Tunables>{};
  for (const auto& d : kernel.derived(configs.empty() ? kernels::Tunables{} : configs.front())) out.push_back(d.name);
  return out;
}

}  // namespace

Offered offered_by(const std::vector<std::string>& names, const backend::Occupancy& device) {
  const auto has = [&](const std::string& n) { return std::find(names.begin(), names.end(), n) != names.end(); };
  return {has(launch_names().front()), has(residency_names().front()), device};
}

std::vector<std::string> derived_parameter_names(const kernels::KernelSpec& kernel, const Offered& offered) {
  std::vector<std::string> names;
  if (offered.launch) names = launch_names();
  if (offered.derived) {
    for (auto& n : kernel_names(kernel)) names.push_back(std::move(n));
    names.insert(names.end(), residency_names().begin(), residency_names().end());
  }
  return names;
}

bool is_derived_parameter(const kernels::KernelSpec& kernel, const std::string& name) {
  const auto names = derived_parameter_names(kernel, {true, true, {}});
  return std::find(names.begin(), names.end(), name) != names.end();
}

std::vector<double> derived_parameters(const kernels::KernelSpec& kernel, const Offered& offered,
                                       const kernels::Tunables& config, std::uint64_t n) {
  std::vector<double> out;
  if (!offered.launch && !offered.derived) return out;
  const backend::Residency r = backend::residency(kernel, config, n, offered.device);
  if (offered.launch) out = {r.blocks * r.block_threads, r.blocks, r.block_threads};
  if (offered.derived) {
    if (offered.device.sm_count <= 0)
      throw std::invalid_argument("the device's SM count is not known, so the derived parameters cannot be computed");
    if (kernel.derived)
      for (const auto& d : kernel.derived(config)) out.push_back(d.value);
    out.push_back(r.blocks_per_sm);
    out.push_back(r.blocks_per_sm * offered.device.sm_count * r.block_threads);
  }
  return out;
}

void set_derived_parameters(const kernels::KernelSpec& kernel, const Offered& offered, std::vector<std::string>& names,
                            Samples& pool) {
  std::vector<std::size_t> kept;
  std::vector<std::string> base;
  for (std::size_t j = 0; j < names.size(); ++j)
    if (!is_derived_parameter(kernel, names[j])) {
      kept.push_back(j);
      base.push_back(names[j]);
    }
  const auto size_at = std::find(base.begin(), base.end(), "size");
  if (size_at == base.end()) throw std::invalid_argument("the points have no parameter named size");
  for (auto& row : pool.rows) {
    model::Row out;
    kernels::Tunables config;
    for (std::size_t k = 0; k < kept.size(); ++k) {
      out.push_back(row.at(kept[k]));
      if (base[k] != "size" && base[k] != "sm_clock_mhz") config[base[k]] = static_cast<std::int64_t>(out.back());
    }
    const double n = out[static_cast<std::size_t>(size_at - base.begin())];
    try {
      for (double v : derived_parameters(kernel, offered, config, static_cast<std::uint64_t>(n))) out.push_back(v);
    } catch (const std::out_of_range& e) {
      throw std::invalid_argument(std::string("the parameters derived from ") + kernel.name + " need " + e.what());
    }
    row = std::move(out);
  }
  for (auto& n : derived_parameter_names(kernel, offered)) base.push_back(std::move(n));
  names = std::move(base);
}

}  // namespace autobench::modeling
