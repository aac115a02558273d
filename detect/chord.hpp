// Distance of a point from a chord of the unit curve, the elbow a curve starts with, and the common rule
// for when a knee counts.
#pragma once

#include <cstddef>

#include "detector.hpp"
#include "unit_curve.hpp"

namespace autobench::detect {

// Distances this small in the unit square are rounding error, not a bend: a straight line has no knee.
inline constexpr double kRoundoff = 1e-9;

// Perpendicular distance of point i from the chord through points `first` and `last`, signed so that it
// is positive on the knee side for `shape` (above the chord for concave, below it for convex).
double chord_distance(const Curve& c, std::size_t i, std::size_t first, std::size_t last, Shape shape);

// True when point i lies on the knee side of the first-last chord by more than `threshold` (and kRoundoff).
bool clears_chord(const Curve& c, std::size_t i, std::size_t first, std::size_t last, Shape shape,
                  double threshold);

// The elbow a curve starts with, for a knee bending the `knee` way: of the curve's first points that lie
// on the other side of the first-last chord (below it for a concave knee) by more than `threshold` (and
// kRoundoff), up to the first that does not, the one farthest from it; 0 when the curve does not start so
// (a curve that bends only one way, such as a roofline, or starts within the threshold of its chord). A
// throughput curve in log size often bends upwards first (launch latency, an S), then saturates: its
// rise starts at this elbow.
std::size_t starting_elbow(const Curve& c, Shape knee, double threshold);

// The knee a single-knee detector reports for its candidate `index`: counted when it clears the whole
// curve's chord by more than params.distance_threshold, otherwise no knee.
Knee gated_knee(const Curve& c, std::size_t index, double score, const Params& params);

}  // namespace autobench::detect
