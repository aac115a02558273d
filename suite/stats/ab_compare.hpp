// Two sides of a comparison (A and B: two files, or two ranks or device models of one file) judged per
// kernel and problem-size region (below the knee, at the knee, plateau) by A/B verdicts over sweeps or
// GPUs (pure logic).
#pragma once

#include <optional>
#include <set>
#include <string>
#include <vector>

#include "suite/stats/ab_verdict.hpp"
#include "suite/stats/compare_models.hpp"

namespace autobench::stats {

// The campaigns of one side: one file's finished campaigns, narrowed to one rank and/or one device model
// and/or some repeats.
struct AbSide {
  std::size_t file = 0;       // index into the compared files
  std::optional<int> rank{};  // only this rank
  std::string model{};        // only this device model (with or without "sim: "); "" any
  std::set<int> repeats{};    // only these repeats; empty: all
};

enum class SizeRegion { below_knee, knee, plateau };
const char* to_string(SizeRegion r);  // "below knee", "knee", "plateau"

// Sizes within this factor of A's knee size (either way) are at the knee; smaller ones below it,
// larger ones on the plateau.
inline constexpr double kKneeBand = 1.25;
// A size enters the launch-noise-only interval only when each side has at least this many launches of it.
inline constexpr std::size_t kMinLaunches = 5;

// One side of one region: what the verdict was taken over.
struct RegionSide {
  std::size_t sweeps = 0;     // sweeps that measured a size of the region
  std::size_t gpus = 0;       // GPUs (ranks) they came from: the units when 2 or more, else the sweeps
  std::size_t unconverged = 0;  // points of the region that missed the noise target: left out, or kept
};

struct RegionVerdict {
  std::string kernel;
  SizeRegion region = SizeRegion::below_knee;
  double knee_size = 0.0;  // A's median knee size of the kernel: where the regions are cut
  // The sizes of the region measured on both sides (0 / 0: none, and the verdict has no units).
  std::uint64_t size_low = 0, size_high = 0;
  std::size_t sizes = 0;
  RegionSide a, b;
  RatioVerdict verdict;      // B's time relative to A's over those sizes
  LaunchInterval launches;   // UNREPLICATED only: the interval over launches alone (launch noise only)
};

struct AbComparison {
  std::string a, b;              // the sides in words: "PATH [rank R] (MODEL)"
  std::string a_model, b_model;  // model labels (compare_figures.hpp)
  double threshold = 0.0, level = 0.0, likely_margin = 0.0;
  bool keep_unconverged = true;  // points that missed the noise target were kept (else left out)
  std::vector<RegionVerdict> rows;         // by kernel, then region; kernels measured on both sides
  std::vector<std::string> unmatched_kernels;  // kernels without points on both sides
};

// Per kernel, each side's sweeps (one per rank and repeat; detectors sharing a sweep count once) give a
// log mean time per size (sweep_levels.hpp); the sizes are cut into regions at A's median knee size, and
// every region is judged over each sweep's region effect, per GPU when a side holds several
// (unit_verdict). Points that missed the noise target are kept unless `keep_unconverged` is false: on
// real H100s leaving them out hid a GPU slowed by an intermittent load, whose converged points were the
// ones timed between its bursts (docs/compare.md); kept, they widen their sweep's spread instead. Throws
// std::invalid_argument naming the problem when a side selects no finished campaign (listing the ranks
// and models there), holds more than one device model, or both sides select the same campaigns.
AbComparison compare_ab(const std::vector<NamedResultFile>& files, const AbSide& a, const AbSide& b,
                        const VerdictRule& rule, bool keep_unconverged = true);

}  // namespace autobench::stats
