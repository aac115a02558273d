// A launch's residency on a device (see residency.hpp).
#include "suite/backend/residency.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace autobench::backend {

Occupancy occupancy_for(int sm_count, int cc_major, int cc_minor) {
  Occupancy o;
  o.sm_count = sm_count;
  constexpr int kKiB = 1024;
  if (cc_major == 7 && cc_minor == 5) {
    o.max_threads_per_sm = 1024;
    o.max_blocks_per_sm = 16;
    o.shared_bytes_per_sm = 64 * kKiB;
  } else if (cc_major == 8 && (cc_minor == 6 || cc_minor == 7 || cc_minor == 9)) {
    o.max_threads_per_sm = 1536;
    o.max_blocks_per_sm = cc_minor == 9 ? 24 : 16;
    o.shared_bytes_per_sm = (cc_minor == 7 ? 164 : 100) * kKiB;
  } else if (cc_major == 12) {
    o.max_threads_per_sm = 1536;
    o.shared_bytes_per_sm = 100 * kKiB;
  } else if (cc_major == 7) {
    o.shared_bytes_per_sm = 96 * kKiB;
  } else if (cc_major == 8) {
    o.shared_bytes_per_sm = 164 * kKiB;
  }
  if (cc_major < 8) o.shared_bytes_reserved = 0;
  return o;
}

int resident_blocks_per_sm(const Occupancy& o, int block_threads, double registers_per_thread, double shared_bytes) {
  if (block_threads <= 0) throw std::invalid_argument("block size " + std::to_string(block_threads) + " must be > 0");
  int blocks = std::min(o.max_blocks_per_sm, o.max_threads_per_sm / block_threads);
  if (registers_per_thread > 0) {
    const double warps = std::ceil(block_threads / static_cast<double>(kWarpSize));
    const double per_warp = std::ceil(registers_per_thread * kWarpSize / 256.0) * 256.0;  // allocated per warp in 256s
    blocks = std::min(blocks, static_cast<int>(std::floor(o.registers_per_sm / (warps * per_warp))));
  }
  if (shared_bytes > 0)
    blocks = std::min(blocks, static_cast<int>(std::floor(o.shared_bytes_per_sm / (shared_bytes + o.shared_bytes_reserved))));
  return std::max(1, blocks);
}

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

}  // namespace autobench::backend
