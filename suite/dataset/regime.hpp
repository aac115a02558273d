// Occupancy regimes of a launch: idle SMs, under-utilised, fully utilised (LLMPerf's three regimes).
// Pure logic: workgroups (thread blocks), block size and the device's SM count and residency limits.
#pragma once

#include <cstdint>
#include <string>

#include "suite/backend/residency.hpp"
#include "record/names.hpp"

namespace autobench::dataset {

// idle:  fewer workgroups than SMs, so whole SMs get nothing to do;
// under: every SM gets a workgroup, but less than one full wave (SMs x resident blocks per SM), so
//        SMs run below their resident-thread limit;
// full:  at least one full wave: every SM holds as many blocks as it can.
enum class Regime { idle = 0, under = 1, full = 2 };
inline constexpr int kRegimes = 3;
inline constexpr auto kRegimeNames = record::names<Regime>("regime", {{Regime::idle, "idle"}, {Regime::under, "under"}, {Regime::full, "full"}});

// Workgroups in one full wave: sm_count x resident blocks per SM.
std::uint64_t full_wave(const backend::Occupancy& o, int block_threads);
Regime classify(std::uint64_t workgroups, const backend::Occupancy& o, int block_threads);
// The workgroup range [lo, hi] of a regime at this block size (full: up to max_waves waves);
// lo > hi when the regime is empty (e.g. "under" when one block already fills an SM).
struct Range {
  std::uint64_t lo = 0, hi = 0;
  bool empty() const { return lo > hi; }
};
Range workgroup_range(Regime r, const backend::Occupancy& o, int block_threads, double max_waves);

}  // namespace autobench::dataset
