// Knee refinement: extra sizes measured around a knee found on a coarse sweep, by bisection in log size,
// until the knee's measured neighbours lie within a chosen relative precision of it.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "kernels/kernel.hpp"
#include "suite/results/results.hpp"

namespace autobench::autoscale {

// A campaign stops refining after this many refinement points, wherever its knee wanders.
inline constexpr std::size_t kMaxRefinementPoints = 32;

// The next size to measure around the knee at index `knee` of `sizes` (strictly increasing): the log
// midpoint (geometric mean, rounded to the kernel's granularity) of the knee and the neighbour farther
// from it in log size, among the neighbours more than a factor (1 + precision) away. nullopt when both
// neighbours are that close, or no such gap can be split (its rounded midpoint is already measured).
std::optional<std::uint64_t> refinement_size(const std::vector<std::uint64_t>& sizes, std::size_t knee,
                                             double precision, const kernels::KernelSpec& kernel);

// Where the knee lies on a size-sorted curve (the campaign's detector), nullopt when it finds none.
using LocateKnee = std::function<std::optional<std::size_t>(const std::vector<results::Point>& points)>;
// Measures one size (a point flagged as refinement); may throw like a sweep's measurement.
using MeasureSize = std::function<results::Point(std::uint64_t size)>;

// Refines the knee of `c` (knee_detected, points sorted by size) on the part of its curve up to size
// `up_to` (the curve its detector saw when the knee counted; the post-knee sizes beyond take no part):
// measures refinement_size() points into c.points (kept sorted; each flagged refinement) and re-locates
// the knee on that part, merged, after each, until refinement_size() gives none, kMaxRefinementPoints were
// added, or stop() is true before a size. When `locate` finds no knee the knee stays at the size it was.
// Updates knee_index and knee_size. Returns false when stopped by stop(). Exceptions from `measure`
// propagate; the points measured before stay in c.
bool refine_knee(results::Campaign& c, double precision, const kernels::KernelSpec& kernel, std::uint64_t up_to,
                 const LocateKnee& locate, const MeasureSize& measure, const std::function<bool()>& stop = {});

}  // namespace autobench::autoscale
