// Bootstrap knee intervals (see interval.hpp).
#include "interval.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <utility>

namespace autobench::detect {

KneeInterval percentile_interval(const std::vector<double>& x, const std::vector<std::optional<std::size_t>>& knees,
                                 double level) {
  if (!(level > 0.0 && level < 1.0))
    throw std::invalid_argument("interval level " + std::to_string(level) + " is not allowed (allowed: in (0, 1))");
  std::vector<std::size_t> found;
  for (const auto& k : knees) {
    if (!k) continue;
    if (*k >= x.size())
      throw std::invalid_argument("knee index " + std::to_string(*k) + " is outside the " + std::to_string(x.size()) +
                                  " sizes");
    found.push_back(*k);
  }
  KneeInterval out;
  if (knees.empty() || found.empty()) return out;
  out.found = static_cast<double>(found.size()) / static_cast<double>(knees.size());
  std::sort(found.begin(), found.end());
  auto quantile = [&](double q) {  // nearest rank (0.025 * 40 is 1, not its rounding 1.0000000000000009)
    const double rank = std::ceil(q * static_cast<double>(found.size()) - 1e-9);
    return found[static_cast<std::size_t>(std::clamp(rank, 1.0, static_cast<double>(found.size()))) - 1];
  };
  const std::size_t lo = quantile((1.0 - level) / 2.0), hi = quantile((1.0 + level) / 2.0);
  out.low = lo == 0 ? x.front() : std::sqrt(x[lo - 1] * x[lo]);
  out.high = hi + 1 == x.size() ? x.back() : std::sqrt(x[hi] * x[hi + 1]);
  return out;
}

bool overlap(const KneeInterval& a, const KneeInterval& b) { return a.low <= b.high && b.low <= a.high; }

std::size_t most_overlapping(const std::vector<KneeInterval>& intervals) {
  std::vector<std::pair<double, int>> events;  // (size, +1 opening / -1 closing); openings first on ties
  for (const auto& i : intervals) {
    if (std::isnan(i.low) || std::isnan(i.high)) continue;
    events.emplace_back(i.low, -1);  // sorted before a closing at the same size: touching intervals overlap
    events.emplace_back(i.high, +1);
  }
  std::sort(events.begin(), events.end());
  std::size_t depth = 0, most = 0;
  for (const auto& [size, kind] : events) {
    if (kind < 0) most = std::max(most, ++depth);
    else --depth;
  }
  return most;
}

}  // namespace autobench::detect
