// Occupancy regimes (see regime.hpp).
#include "suite/dataset/regime.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace autobench::dataset {

std::uint64_t full_wave(const backend::Occupancy& o, int block_threads) {
  return static_cast<std::uint64_t>(std::max(o.sm_count, 1)) *
         static_cast<std::uint64_t>(backend::resident_blocks_per_sm(o, block_threads));
}

Regime classify(std::uint64_t workgroups, const backend::Occupancy& o, int block_threads) {
  if (workgroups < static_cast<std::uint64_t>(o.sm_count)) return Regime::idle;
  return workgroups < full_wave(o, block_threads) ? Regime::under : Regime::full;
}

Range workgroup_range(Regime r, const backend::Occupancy& o, int block_threads, double max_waves) {
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
