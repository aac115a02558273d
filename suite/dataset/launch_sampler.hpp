// Launch-configuration sampling in the three occupancy regimes (idle : under : full, default 2:5:3),
// block sizes multiples of the warp size, other tunables from their candidate sets, array sizes
// derived from the sampled global size. Pure logic, deterministic for a seed.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "suite/dataset/launch_config.hpp"

namespace autobench::dataset {

struct RegimeRatio {
  std::array<double, kRegimes> weight{2, 5, 3};  // idle, under, full
};
// "2:5:3" (three finite, non-negative weights, not all 0); throws std::invalid_argument naming the text.
RegimeRatio parse_ratio(const std::string& text);
std::string to_string(const RegimeRatio& r);

// How many of `total` samples each regime gets: proportional to the weights, rounded by largest
// remainder so the counts sum to `total`.
std::array<std::size_t, kRegimes> regime_quota(std::size_t total, const RegimeRatio& ratio);

struct SamplerSettings {
  std::size_t per_kernel = 1000;
  RegimeRatio ratio;
  double max_waves = 32;   // the full regime spans 1 .. max_waves full waves
  std::uint64_t seed = 1;
  int attempts = 64;       // draws per sample before a regime counts as exhausted at this kernel
};

struct KernelSample {
  std::vector<LaunchConfig> configs;
  std::array<std::size_t, kRegimes> quota{};     // what the ratio asked for
  std::array<std::size_t, kRegimes> achieved{};  // what was drawn (a regime the kernel cannot reach
                                                 // hands its rest to the next one: under, full, idle)
};

// Distinct configurations of one kernel: for each, a regime by quota, a tunable set (block size a
// multiple of the warp size), a workgroup count log-uniform in the regime's range, and the smallest
// problem size that launches that many workgroups. A draw whose size lands in another regime (sizes
// move in granularity steps) or repeats an earlier configuration is drawn again.
KernelSample sample_kernel(const LaunchShape& shape, const backend::Occupancy& occupancy, const SamplerSettings& settings);

}  // namespace autobench::dataset
