// A launch's residency on a device (see residency.hpp).
#include "suite/dataset/residency.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace autobench::dataset {

Residency residency(const kernels::KernelSpec& kernel, const kernels::Tunables& config, std::uint64_t n,
                    const Occupancy& device, std::optional<kernels::BlockResources> resources) {
  if (!kernel.launch) throw std::invalid_argument("kernel " + kernel.name + " has no launch geometry");
  const kernels::Launch l = kernel.launch(config, n);
  Residency r;
  r.grid = l.grid;
  r.blocks = static_cast<double>(l.grid.x) * static_cast<double>(l.grid.y) * static_cast<double>(l.grid.z);
  r.block_threads = static_cast<double>(l.block.x) * static_cast<double>(l.block.y) * static_cast<double>(l.block.z);
  if (device.sm_count <= 0) return r;
  if (!resources) resources = kernel.resources ? kernel.resources(config) : kernels::BlockResources{};
  const kernels::BlockResources& res = *resources;
  r.resident_per_sm = resident_blocks_per_sm(device, static_cast<int>(r.block_threads), res.registers_per_thread,
                                             res.shared_bytes);
  const double sms = device.sm_count;
  r.blocks_per_sm = std::min(r.blocks / sms, static_cast<double>(r.resident_per_sm));
  r.waves = std::ceil(r.blocks / (sms * r.resident_per_sm));
  return r;
}

}  // namespace autobench::dataset
