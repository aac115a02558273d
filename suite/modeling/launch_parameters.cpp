// Launch-geometry model parameters (see launch_parameters.hpp).
#include "suite/modeling/launch_parameters.hpp"

#include <algorithm>
#include <stdexcept>

namespace autobench::modeling {

const std::vector<std::string>& launch_parameter_names() {
  static const std::vector<std::string> names{"launch_threads", "launch_blocks", "block_threads"};
  return names;
}

bool is_launch_parameter(const std::string& name) {
  const auto& names = launch_parameter_names();
  return std::find(names.begin(), names.end(), name) != names.end();
}

std::vector<double> launch_parameters(const kernels::KernelSpec& kernel, const kernels::Tunables& config,
                                      std::uint64_t n) {
  if (!kernel.launch) throw std::invalid_argument("kernel " + kernel.name + " has no launch geometry");
  const kernels::Launch l = kernel.launch(config, n);
  const double blocks = static_cast<double>(l.grid.x) * static_cast<double>(l.grid.y) * static_cast<double>(l.grid.z);
  const double block = static_cast<double>(l.block.x) * static_cast<double>(l.block.y) * static_cast<double>(l.block.z);
  return {blocks * block, blocks, block};
}

void set_launch_parameters(const kernels::KernelSpec& kernel, bool include, std::vector<std::string>& names,
                           Samples& pool) {
  std::vector<std::size_t> kept;
  std::vector<std::string> base;
  for (std::size_t j = 0; j < names.size(); ++j)
    if (!is_launch_parameter(names[j])) {
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
    if (include) {
      const double n = out[static_cast<std::size_t>(size_at - base.begin())];
      try {
        for (double v : launch_parameters(kernel, config, static_cast<std::uint64_t>(n))) out.push_back(v);
      } catch (const std::out_of_range& e) {
        throw std::invalid_argument(std::string("the launch geometry of ") + kernel.name + " needs " + e.what());
      }
    }
    row = std::move(out);
  }
  if (include) base.insert(base.end(), launch_parameter_names().begin(), launch_parameter_names().end());
  names = std::move(base);
}

}  // namespace autobench::modeling
