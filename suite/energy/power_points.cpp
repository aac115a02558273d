// Power point selection (see power_points.hpp).
#include "suite/energy/power_points.hpp"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <set>
#include <stdexcept>

namespace autobench::energy {

namespace {

// The sizes of `c`'s points, sorted, without repeats.
std::vector<std::uint64_t> sorted_sizes(const results::Campaign& c) {
  std::vector<std::uint64_t> sizes;
  for (const auto& p : c.points) sizes.push_back(p.size);
  std::sort(sizes.begin(), sizes.end());
  sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
  return sizes;
}

// The last kPostKneeWindows of the sorted `sizes` that lie above `knee`.
void add_plateau(const std::vector<std::uint64_t>& sizes, std::uint64_t knee, std::set<std::uint64_t>& out) {
  const auto k = static_cast<std::size_t>(std::upper_bound(sizes.begin(), sizes.end(), knee) - sizes.begin());
  for (std::size_t i = std::max(k, sizes.size() - std::min(sizes.size(), kPostKneeWindows)); i < sizes.size(); ++i)
    out.insert(sizes[i]);
}

bool has_knee(const results::Campaign& c) {
  return !c.points.empty() && c.knee_index >= 0 && static_cast<std::size_t>(c.knee_index) < c.points.size();
}

// The sweep's answer for the consensus policy: the lower median of the detected knees' sizes, else the last
// point of the campaign that measured most.
std::uint64_t median_knee(const std::vector<results::Campaign>& campaigns) {
  std::vector<std::uint64_t> detected, last;
  for (const auto& c : campaigns) {
    if (!has_knee(c)) continue;
    const std::uint64_t at = c.points[static_cast<std::size_t>(c.knee_index)].size;
    (c.knee_detected ? detected : last).push_back(at);
  }
  if (detected.empty()) return *std::max_element(last.begin(), last.end());
  std::sort(detected.begin(), detected.end());
  return detected[(detected.size() - 1) / 2];
}

}  // namespace

std::map<std::uint64_t, std::string> select_power_points(const std::vector<results::Campaign>& campaigns,
                                                         PowerPoints policy, bool first_of_kernel) {
  std::map<std::uint64_t, std::string> out;
  if (policy == PowerPoints::all) return out;
  std::set<std::uint64_t> knee, post_knee, every;
  for (const auto& c : campaigns) {
    if (!has_knee(c)) continue;
    const std::vector<std::uint64_t> sizes = sorted_sizes(c);
    every.insert(sizes.begin(), sizes.end());
    if (policy == PowerPoints::consensus) continue;
    const std::uint64_t at = c.points[static_cast<std::size_t>(c.knee_index)].size;
    knee.insert(at);
    add_plateau(sizes, at, post_knee);
  }
  if (every.empty()) return out;
  if (policy == PowerPoints::consensus) {
    knee.insert(median_knee(campaigns));
    if (first_of_kernel) add_plateau({every.begin(), every.end()}, *knee.begin(), post_knee);
  }
  for (std::uint64_t n : post_knee) out[n] = reason::post_knee;
  for (std::uint64_t n : knee) out[n] = reason::knee;
  if (policy == PowerPoints::sparse || (policy == PowerPoints::consensus && first_of_kernel)) {
    // Greedy from the smallest size: a size joins when no chosen size lies within the factor `step`.
    const double step = std::pow(10.0, 1.0 / kSparsePointsPerDecade);
    auto covered = [&](std::uint64_t n) {
      const auto above = out.lower_bound(n);
      if (above != out.end() && static_cast<double>(above->first) < static_cast<double>(n) * step) return true;
      return above != out.begin() && static_cast<double>(std::prev(above)->first) * step > static_cast<double>(n);
    };
    for (std::uint64_t n : every)
      if (!covered(n)) out[n] = reason::sparse;
  }
  return out;
}

}  // namespace autobench::energy
