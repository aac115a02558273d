// The thesis's safeguards that decide whether a detected knee may count yet (pure logic).
#pragma once

#include <cstddef>

namespace autobench::detect {

struct Safeguards {
  std::size_t min_points = 5;     // points measured before any detection
  double min_runtime_s = 1e-3;    // the latest point's time must reach this before a knee counts
};

// True when a detector may be consulted on a curve of `points` points whose latest time is `latest_time_s`.
inline bool may_detect(const Safeguards& g, std::size_t points, double latest_time_s) {
  return points >= g.min_points && latest_time_s >= g.min_runtime_s;
}

}  // namespace autobench::detect
