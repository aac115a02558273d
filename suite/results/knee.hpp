// Values derived from a campaign's knee that summaries and statistics share.
#pragma once

#include <cstdint>

#include "suite/results/results.hpp"

namespace autobench::results {

// Whether knee_index points at one of the campaign's points.
inline bool has_knee_point(const Campaign& c) {
  return c.knee_index >= 0 && static_cast<std::uint64_t>(c.knee_index) < c.points.size();
}

// The throughput of the point at the knee; NaN when knee_index points at no point.
inline double throughput_at_knee(const Campaign& c) {
  return has_knee_point(c) ? c.points[static_cast<std::size_t>(c.knee_index)].throughput : kNaN;
}

// A field of the point at the knee (e.g. &Point::efficiency); NaN when knee_index points at no point.
inline double at_knee(const Campaign& c, double Point::*field) {
  return has_knee_point(c) ? c.points[static_cast<std::size_t>(c.knee_index)].*field : kNaN;
}

// A value of the point at the knee (e.g. counter_to_integrated); NaN when knee_index points at no point.
inline double at_knee(const Campaign& c, double (*value)(const Point&)) {
  return has_knee_point(c) ? value(c.points[static_cast<std::size_t>(c.knee_index)]) : kNaN;
}

}  // namespace autobench::results
