// Two sides of a comparison (A and B: two files, or two ranks or device models of one file) judged per
// kernel and problem-size region (below the knee, at the knee, plateau) by A/B verdicts (pure logic).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "suite/stats/ab_verdict.hpp"
#include "suite/stats/compare_models.hpp"

namespace autobench::stats {

// The campaigns of one side: one file's finished campaigns, narrowed to one rank and/or one device model.
struct AbSide {
  std::size_t file = 0;       // index into the compared files
  std::optional<int> rank{};  // only this rank
  std::string model{};        // only this device model (with or without "sim: "); "" any
};

enum class SizeRegion { below_knee, knee, plateau };
const char* to_string(SizeRegion r);  // "below knee", "knee", "plateau"

// Sizes within this factor of A's knee size (either way) are at the knee; smaller ones below it,
// larger ones on the plateau.
inline constexpr double kKneeBand = 1.25;
// A size counts only when each side has at least this many launches of it.
inline constexpr std::size_t kMinLaunches = 5;

struct RegionVerdict {
  std::string kernel;
  SizeRegion region = SizeRegion::below_knee;
  double knee_size = 0.0;  // A's median knee size of the kernel: where the regions are cut
  // The sizes of the region measured on both sides (0 / 0: none, and the verdict has no strata).
  std::uint64_t size_low = 0, size_high = 0;
  RatioVerdict verdict;    // B's time relative to A's over those sizes
};

struct AbComparison {
  std::string a, b;              // the sides in words: "PATH [rank R] (MODEL)"
  std::string a_model, b_model;  // model labels (compare_figures.hpp)
  double threshold = 0.0, level = 0.0;
  std::vector<RegionVerdict> rows;         // by kernel, then region; kernels measured on both sides
  std::vector<std::string> unmatched_kernels;  // kernels without launch times on both sides
};

// Pools each side's launch times per kernel and size (a sweep shared by several detectors counts once),
// cuts the sizes into regions at A's median knee size, and judges every region. Throws
// std::invalid_argument naming the problem when a side selects no finished campaign (listing the
// ranks and models there), holds more than one device model, or both sides select the same campaigns.
AbComparison compare_ab(const std::vector<NamedResultFile>& files, const AbSide& a, const AbSide& b,
                        const VerdictRule& rule);

}  // namespace autobench::stats
