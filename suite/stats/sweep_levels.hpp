// The sweep (repeat) as the unit of replication (DESIGN.md "Answers across GPUs"): one value per sweep
// and size, the log of its mean launch time; a size region's effect per sweep; and the units an interval
// is taken over: the sweeps of one GPU, or the GPUs of several (pure logic).
#pragma once

#include <cstdint>
#include <map>
#include <set>
#include <vector>

#include "suite/results/results.hpp"

namespace autobench::stats {

// One sweep (rank, kernel, repeat), however many detectors share its points.
struct SweepLevels {
  int gpu = 0;     // the rank that measured it
  int repeat = 0;
  std::map<std::uint64_t, double> log_time;   // size -> log of the mean launch time, over the points kept
  std::set<std::uint64_t> unconverged;        // sizes whose point missed the noise target (kept or not)
};

// The sweeps of one kernel's campaigns, ordered by rank and repeat. A point counts once however many
// campaigns share it; a size measured twice in one sweep (independent sweeps) takes the mean of the logs.
// Points that missed their noise target (Point::converged false) are left out unless `keep_unconverged`.
std::vector<SweepLevels> sweeps_of(const std::vector<const results::Campaign*>& campaigns, bool keep_unconverged);

// One sweep's effect in a size region, in log time.
struct SweepEffect {
  int gpu = 0;
  double effect = 0.0;
};

// The region effects of the sweeps of two sides over `sizes`: each sweep's mean over the sizes it
// measured of (its log time - the size's centre), the centre being the midpoint of the two sides' mean
// log times of that size. With every size in every sweep this is the plain mean over the sizes, and the
// difference of the sides' mean effects is the mean log ratio b/a; a sweep that missed a size is not
// pulled by that size's level. Sweeps that measured none of the sizes are left out.
struct RegionEffects {
  std::vector<SweepEffect> a, b;
};
RegionEffects region_effects(const std::vector<SweepLevels>& a, const std::vector<SweepLevels>& b,
                             const std::set<std::uint64_t>& sizes);

// What an interval of one side is taken over: each sweep when the side holds one GPU (the claim is about
// that GPU: its repeats are the replicates), each GPU's mean over its sweeps when it holds several (the
// claim is about the model: GPUs are the replicates, and a GPU's mean carries its own sweeps' noise).
std::vector<double> unit_values(const std::vector<SweepEffect>& effects);
// The number of GPUs among `effects`.
std::size_t gpus_of(const std::vector<SweepEffect>& effects);

}  // namespace autobench::stats
