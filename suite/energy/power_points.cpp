// Power point selection (see power_points.hpp).
#include "suite/energy/power_points.hpp"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <set>
#include <stdexcept>

namespace autobench::energy {

const char* to_string(PowerPoints p) {
  switch (p) {
    case PowerPoints::knee: return "knee";
    case PowerPoints::sparse: return "sparse";
    case PowerPoints::all: return "all";
  }
  return "?";
}

PowerPoints power_points_from_string(const std::string& s) {
  for (PowerPoints p : {PowerPoints::knee, PowerPoints::sparse, PowerPoints::all})
    if (s == to_string(p)) return p;
  throw std::invalid_argument("--power-points '" + s + "' is not allowed (allowed: knee, sparse, all)");
}

std::map<std::uint64_t, std::string> select_power_points(const std::vector<results::Campaign>& campaigns,
                                                         PowerPoints policy) {
  std::map<std::uint64_t, std::string> out;
  if (policy == PowerPoints::all) return out;
  std::set<std::uint64_t> knee, post_knee, every;
  for (const auto& c : campaigns) {
    if (c.points.empty() || c.knee_index < 0 || static_cast<std::size_t>(c.knee_index) >= c.points.size()) continue;
    std::vector<std::uint64_t> sizes;
    for (const auto& p : c.points) sizes.push_back(p.size);
    std::sort(sizes.begin(), sizes.end());
    sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
    every.insert(sizes.begin(), sizes.end());
    const std::uint64_t at = c.points[static_cast<std::size_t>(c.knee_index)].size;
    const auto k = static_cast<std::size_t>(std::lower_bound(sizes.begin(), sizes.end(), at) - sizes.begin());
    knee.insert(at);
    for (std::size_t i = std::max(k + 1, sizes.size() - std::min(sizes.size(), kPostKneeWindows)); i < sizes.size(); ++i)
      post_knee.insert(sizes[i]);
  }
  for (std::uint64_t n : post_knee) out[n] = reason::post_knee;
  for (std::uint64_t n : knee) out[n] = reason::knee;
  if (policy == PowerPoints::sparse) {
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
