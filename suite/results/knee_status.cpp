// Knee status of a campaign (see knee_status.hpp).
#include "suite/results/knee_status.hpp"

#include <cmath>

#include "suite/results/knee.hpp"

namespace autobench::results {

KneeStatus knee_status(const Campaign& c) {
  if (!c.knee_detected || !has_knee_point(c)) return KneeStatus::none;
  const auto last = static_cast<std::int64_t>(c.points.size()) - 1;
  if (c.knee_index == 0 || c.knee_index == last) return KneeStatus::edge;
  if (!std::isnan(c.knee_quality) && c.knee_quality < kMinKneeQuality) return KneeStatus::edge;
  return KneeStatus::found;
}

const char* to_string(KneeStatus s) {
  switch (s) {
    case KneeStatus::found: return "found";
    case KneeStatus::edge: return "edge";
    case KneeStatus::none: return "none";
  }
  return "none";
}

}  // namespace autobench::results
