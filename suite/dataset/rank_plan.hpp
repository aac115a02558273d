// The order one rank measures its configurations in: each kernel's samples shuffled (so a run cut short
// by its time budget keeps the regime ratio), then interleaved across kernels; ids 0, 1, ... in that
// order, the random-split side fixed per (rank, id). Pure logic.
#pragma once

#include <cstdint>
#include <vector>

#include "suite/dataset/dataset_sample.hpp"
#include "suite/dataset/launch_sampler.hpp"

namespace autobench::dataset {

// Key of a rank's sample for the random split: distinct across ranks.
inline std::uint64_t split_key(int rank, std::uint64_t id) { return (static_cast<std::uint64_t>(rank) << 40) + id; }

std::vector<Sample> rank_plan(const std::vector<KernelSample>& kernels, int rank, std::uint64_t seed, double test_fraction);

// Appends configurations (the IQR additions) to a plan, ids continuing after its last.
void extend_plan(std::vector<Sample>& plan, const std::vector<LaunchConfig>& more, int rank, std::uint64_t seed,
                 double test_fraction);

}  // namespace autobench::dataset
