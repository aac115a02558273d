// Knee refinement (see refine.hpp).
#include "suite/autoscale/refine.hpp"

#include <algorithm>
#include <cmath>

namespace autobench::autoscale {
namespace {

// The rounded log midpoint of a < b, strictly between them, or nullopt.
std::optional<std::uint64_t> split(std::uint64_t a, std::uint64_t b, const kernels::KernelSpec& kernel) {
  const double mid = std::sqrt(static_cast<double>(a) * static_cast<double>(b));
  std::uint64_t n = kernel.round_size(static_cast<std::uint64_t>(std::llround(mid)));
  const std::uint64_t step = std::max<std::uint64_t>(kernel.granularity, 1);
  if (n >= b && n >= a + step) n -= step;  // rounded up onto b: the granule below, if it is above a
  if (n <= a || n >= b) return std::nullopt;
  return n;
}

}  // namespace

std::optional<std::uint64_t> refinement_size(const std::vector<std::uint64_t>& sizes, std::size_t knee,
                                             double precision, const kernels::KernelSpec& kernel) {
  if (knee >= sizes.size() || !(precision > 0.0)) return std::nullopt;
  struct Gap {
    std::uint64_t lo, hi;
    double log_ratio;
  };
  std::vector<Gap> gaps;
  const double limit = std::log1p(precision);
  auto consider = [&](std::uint64_t lo, std::uint64_t hi) {
    const double r = std::log(static_cast<double>(hi) / static_cast<double>(lo));
    if (r > limit) gaps.push_back({lo, hi, r});
  };
  if (knee > 0) consider(sizes[knee - 1], sizes[knee]);
  if (knee + 1 < sizes.size()) consider(sizes[knee], sizes[knee + 1]);
  std::sort(gaps.begin(), gaps.end(), [](const Gap& a, const Gap& b) { return a.log_ratio > b.log_ratio; });
  for (const auto& g : gaps)
    if (auto n = split(g.lo, g.hi, kernel)) return n;
  return std::nullopt;
}

bool refine_knee(results::Campaign& c, double precision, const kernels::KernelSpec& kernel, std::uint64_t up_to,
                 const LocateKnee& locate, const MeasureSize& measure, const std::function<bool()>& stop) {
  auto sizes = [&] {  // of the part of the curve refined
    std::vector<std::uint64_t> s;
    for (const auto& p : c.points)
      if (p.size <= up_to) s.push_back(p.size);
    return s;
  };
  for (std::size_t added = 0; added < kMaxRefinementPoints; ++added) {
    const auto n = refinement_size(sizes(), static_cast<std::size_t>(c.knee_index), precision, kernel);
    if (!n) break;
    if (stop && stop()) return false;
    results::Point p = measure(*n);
    p.refinement = true;
    const auto at = std::lower_bound(c.points.begin(), c.points.end(), *n,
                                     [](const results::Point& q, std::uint64_t size) { return q.size < size; });
    const std::size_t inserted = static_cast<std::size_t>(at - c.points.begin());
    c.points.insert(at, std::move(p));
    if (static_cast<std::size_t>(c.knee_index) >= inserted) ++c.knee_index;  // the same size as before
    const auto part = c.points.begin() + static_cast<std::ptrdiff_t>(sizes().size());
    if (const auto k = locate({c.points.begin(), part})) c.knee_index = static_cast<std::int64_t>(*k);
    c.knee_size = c.points[static_cast<std::size_t>(c.knee_index)].size;
  }
  return true;
}

}  // namespace autobench::autoscale
