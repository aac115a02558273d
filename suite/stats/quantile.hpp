// Quantiles of sorted samples, interpolating linearly between order statistics (numpy.percentile's default).
#pragma once

#include <algorithm>
#include <cmath>
#include <vector>

namespace autobench::stats {

// The q-quantile (0..1) of sorted, non-empty values.
inline double quantile(const std::vector<double>& sorted, double q) {
  const double pos = q * static_cast<double>(sorted.size() - 1);
  const auto lo = static_cast<std::size_t>(std::floor(pos));
  const std::size_t hi = std::min(lo + 1, sorted.size() - 1);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - static_cast<double>(lo));
}

}  // namespace autobench::stats
