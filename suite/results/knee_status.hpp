// Whether a campaign's knee counts: found, at an edge of the measured sizes (or below the quality bar), or none.
#pragma once

#include "suite/results/results.hpp"

namespace autobench::results {

// found: a detected knee strictly inside the measured sizes that passes the quality test.
// edge:  a detected knee at the first or last measured size, or one reaching less than kMinKneeQuality of
//        the curve's plateau: the detector called it, but it does not mark where throughput saturates.
// none:  no knee detected (knee_index is then the last point), or a campaign without points.
enum class KneeStatus { found, edge, none };

// A knee below half the plateau is still on the rising part of the curve (chase/kneedle at the first size
// scores 0.235); a real saturation knee sits on or near the plateau.
inline constexpr double kMinKneeQuality = 0.5;

KneeStatus knee_status(const Campaign& c);
const char* to_string(KneeStatus s);  // "found", "edge" or "none"

}  // namespace autobench::results
