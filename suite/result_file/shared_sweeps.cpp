// Campaigns grouped into the sweeps they ran on (see shared_sweeps.hpp).
#include "suite/result_file/shared_sweeps.hpp"

#include <bit>
#include <map>
#include <optional>

namespace autobench::result_file {
namespace {

bool same_bits(double a, double b) { return std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b); }

// A sweep being built, with its points by size (a sweep measures few points per size).
struct Building {
  SharedSweep sweep;
  std::string first_detector;
  std::multimap<std::uint64_t, std::int64_t> by_size;

  std::optional<std::int64_t> find(const results::Point& p) const {
    const auto [begin, end] = by_size.equal_range(p.size);
    for (auto it = begin; it != end; ++it)
      if (same_measurement(sweep.points[static_cast<std::size_t>(it->second)], p)) return it->second;
    return std::nullopt;
  }
  std::int64_t add(const results::Point& p) {
    if (const auto found = find(p)) return *found;
    const auto i = static_cast<std::int64_t>(sweep.points.size());
    sweep.points.push_back(p);
    by_size.emplace(p.size, i);
    return i;
  }
};

}  // namespace

bool SweepRef::prefix() const {
  for (std::size_t i = 0; i < index.size(); ++i)
    if (index[i] != static_cast<std::int64_t>(i)) return false;
  return true;
}

bool same_measurement(const results::Point& a, const results::Point& b) {
  if (a.size != b.size || a.refinement != b.refinement || a.iterations != b.iterations ||
      !same_bits(a.time_mean_s, b.time_mean_s) || !same_bits(a.time_median_s, b.time_median_s) ||
      !same_bits(a.time_min_s, b.time_min_s) || !same_bits(a.time_stddev_s, b.time_stddev_s) ||
      a.launch_times_s.size() != b.launch_times_s.size())
    return false;
  for (std::size_t i = 0; i < a.launch_times_s.size(); ++i)
    if (std::bit_cast<std::uint32_t>(a.launch_times_s[i]) != std::bit_cast<std::uint32_t>(b.launch_times_s[i]))
      return false;
  return true;
}

SharedSweeps share_sweeps(const std::vector<results::Campaign>& campaigns) {
  std::vector<Building> building;
  std::map<std::pair<std::string, int>, std::vector<std::size_t>> of_kernel;  // (kernel, repeat) -> sweeps
  SharedSweeps out;
  for (const auto& c : campaigns) {
    auto& candidates = of_kernel[{c.kernel, c.repeat}];
    std::optional<std::size_t> sweep;
    for (const std::size_t s : candidates)
      if (c.points.empty() || building[s].find(c.points.front())) {
        sweep = s;
        break;
      }
    if (!sweep) {
      sweep = building.size();
      candidates.push_back(*sweep);
      building.push_back({{c.kernel, c.repeat, "", {}}, c.detector, {}});
    }
    SweepRef ref{*sweep, {}};
    for (const auto& p : c.points) ref.index.push_back(building[*sweep].add(p));
    out.refs.push_back(std::move(ref));
  }
  for (auto& b : building) {
    const bool several = of_kernel[{b.sweep.kernel, b.sweep.repeat}].size() > 1;
    b.sweep.name = b.sweep.kernel + "_repeat" + std::to_string(b.sweep.repeat) + (several ? "_" + b.first_detector : "");
    out.sweeps.push_back(std::move(b.sweep));
  }
  return out;
}

}  // namespace autobench::result_file
