// Occupancy regimes (see regime.hpp).
#include "suite/dataset/regime.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace autobench::dataset {

const char* to_string(Regime r) {
  switch (r) {
    case Regime::idle: return "idle";
    case Regime::under: return "under";
    case Regime::full: return "full";
  }
  return "?";
}

Regime regime_from_string(const std::string& text) {
  for (int i = 0; i < kRegimes; ++i)
    if (text == to_string(static_cast<Regime>(i))) return static_cast<Regime>(i);
  throw std::invalid_argument("regime '" + text + "' is not allowed (allowed: idle, under, full)");
}

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

std::uint64_t full_wave(const Occupancy& o, int block_threads) {
  return static_cast<std::uint64_t>(std::max(o.sm_count, 1)) *
         static_cast<std::uint64_t>(resident_blocks_per_sm(o, block_threads));
}

Regime classify(std::uint64_t workgroups, const Occupancy& o, int block_threads) {
  if (workgroups < static_cast<std::uint64_t>(o.sm_count)) return Regime::idle;
  return workgroups < full_wave(o, block_threads) ? Regime::under : Regime::full;
}

Range workgroup_range(Regime r, const Occupancy& o, int block_threads, double max_waves) {
  const auto sms = static_cast<std::uint64_t>(std::max(o.sm_count, 1));
  const std::uint64_t wave = full_wave(o, block_threads);
  switch (r) {
    case Regime::idle: return {1, sms - 1};
    case Regime::under: return {sms, wave - 1};
    case Regime::full:
      return {wave, std::max(wave, static_cast<std::uint64_t>(std::floor(static_cast<double>(wave) * max_waves)))};
  }
  return {1, 0};
}

}  // namespace autobench::dataset
