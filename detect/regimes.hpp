// The L2 hump of a throughput curve: its cache-resident and memory-bound regimes, found from the curve's
// shape and the working set against the device's L2 size (pure logic).
#pragma once

#include <cstddef>
#include <utility>
#include <vector>

#include "curve.hpp"
#include "record/names.hpp"

namespace autobench::detect {

// Which part of a curve a knee belongs to. `single`: a curve without a hump (one regime, as before
// regimes); `cache`: the sizes whose working set is held in L2, up to the throughput peak; `memory`: the
// sizes from the fall-out point on, where the working set streams from device memory; `transition`: the
// sizes strictly between the peak and the fall-out point, where the working set is leaving L2 (the fall).
// The transition is no regime of its own (no detector searches it, no consensus row has it); it names
// where a knee found on the whole curve lies when it lies in the fall.
enum class Regime { single, cache, memory, transition };
inline constexpr auto kRegimeNames = record::names<Regime>(
    "regime", {{Regime::single, "single"}, {Regime::cache, "cache"}, {Regime::memory, "memory"},
               {Regime::transition, "transition"}});

// A hump is a fall of at least this share of the peak's throughput after the peak (H100 triad: 26 %,
// H200 triad: 15 %; measurement noise on a rising or flat curve stays below 5 %).
inline constexpr double kMinHumpDrop = 0.10;
// The peak's working set lies between these multiples of the L2 size: near it (a maximum at a few per
// cent of L2 is noise or the rise, not residency), and at most a little above it (what stays resident
// depends on the replacement policy and on the kernel's other traffic, not only on the buffers' bytes).
inline constexpr double kMinPeakShare = 0.25;
inline constexpr double kMaxPeakShare = 1.25;
// The fall-out point is the lowest throughput after the peak among the sizes whose working set is at
// most this multiple of L2: the trough before the curve climbs to its device-memory plateau.
inline constexpr double kTroughReach = 4.0;
// A regime's sub-curve needs this many points for its detectors to run; fewer: no knee in that regime.
inline constexpr std::size_t kMinRegimePoints = 5;

struct RegimeSplit {
  bool hump = false;
  std::size_t peak = 0;     // with a hump: the last index of the cache regime (its throughput peak)
  std::size_t fallout = 0;  // with a hump: the first index of the memory regime (the trough after the fall)
};

// The hump of `curve` (sizes ascending, y throughput) whose point i moves `working_set_bytes[i]` bytes,
// on a device with `l2_bytes` of L2: the highest throughput among the points whose working set is at most
// kMaxPeakShare x L2, itself at least kMinPeakShare x L2 and not the first or last point, followed by a
// trough (kTroughReach) at least kMinHumpDrop below it. No hump (one regime) when l2_bytes is 0 (unknown),
// the working sets are missing (their size differs from the curve's) or the shape is not there.
RegimeSplit find_regimes(const Curve& curve, const std::vector<double>& working_set_bytes, double l2_bytes);

// The regime of point `index` of a curve split by `split`: single without a hump, cache up to the peak,
// transition after it and before the fall-out point, memory from the fall-out point on.
Regime regime_of(const RegimeSplit& split, std::size_t index);

// The first and last index of `regime`'s sub-curve in a curve of n points (single: the whole curve; cache:
// 0 to the peak; memory: the fall-out point to n - 1). Throws std::invalid_argument for a regime the split
// does not have (cache or memory without a hump, single with one) and for transition, which is not searched.
std::pair<std::size_t, std::size_t> regime_range(const RegimeSplit& split, Regime regime, std::size_t n);

// The regimes of a split, in curve order: {single}, or {cache, memory}.
std::vector<Regime> regimes(const RegimeSplit& split);

}  // namespace autobench::detect
