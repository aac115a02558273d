// Sample statistics, the one place they are computed: the mean, the median, and quantiles of sorted samples.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <stdexcept>
#include <utility>
#include <vector>

namespace autobench::numerics {

// The arithmetic mean; NaN for no values.
inline double mean(const std::vector<double>& v) {
  double sum = 0.0;
  for (double x : v) sum += x;
  return v.empty() ? std::numeric_limits<double>::quiet_NaN() : sum / static_cast<double>(v.size());
}

// The middle value, or the mean of the middle two; throws std::invalid_argument for no values.
inline double median(std::vector<double> v) {
  if (v.empty()) throw std::invalid_argument("median of no values (need at least one)");
  const auto mid = v.begin() + static_cast<std::ptrdiff_t>(v.size() / 2);
  std::nth_element(v.begin(), mid, v.end());
  return v.size() % 2 ? *mid : (*std::max_element(v.begin(), mid) + *mid) / 2.0;
}

// The median of the values that are not NaN; NaN when there are none (nothing measured).
inline double median_or_nan(std::vector<double> v) {
  std::erase_if(v, [](double x) { return std::isnan(x); });
  return v.empty() ? std::numeric_limits<double>::quiet_NaN() : median(std::move(v));
}

// The q-quantile (0..1) of sorted, non-empty values, interpolating linearly between order statistics
// (numpy.percentile's default).
inline double quantile(const std::vector<double>& sorted, double q) {
  const double pos = q * static_cast<double>(sorted.size() - 1);
  const auto lo = static_cast<std::size_t>(std::floor(pos));
  const std::size_t hi = std::min(lo + 1, sorted.size() - 1);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - static_cast<double>(lo));
}

}  // namespace autobench::numerics
