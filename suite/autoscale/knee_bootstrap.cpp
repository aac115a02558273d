// Bootstrap knee intervals of a campaign (see knee_bootstrap.hpp).
#include "suite/autoscale/knee_bootstrap.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <random>

namespace autobench::autoscale {

double estimate(std::vector<double> t, Estimator estimator) {
  if (t.empty()) return std::numeric_limits<double>::quiet_NaN();
  if (estimator == Estimator::min) return *std::min_element(t.begin(), t.end());
  if (estimator == Estimator::mean) return std::accumulate(t.begin(), t.end(), 0.0) / static_cast<double>(t.size());
  std::sort(t.begin(), t.end());
  const std::size_t h = t.size() / 2;
  return t.size() % 2 ? t[h] : 0.5 * (t[h - 1] + t[h]);
}

detect::KneeInterval bootstrap_knee(const std::vector<results::Point>& points, const kernels::KernelSpec& kernel,
                                    Estimator estimator, std::size_t replicates, std::uint64_t seed,
                                    const std::function<std::optional<std::size_t>(const detect::Curve&)>& locate,
                                    double level) {
  std::mt19937_64 rng(seed);
  detect::Curve curve;
  for (const auto& p : points) {
    curve.x.push_back(static_cast<double>(p.size));
    curve.y.push_back(p.throughput);
  }
  std::vector<std::optional<std::size_t>> knees;
  std::vector<double> draw;
  for (std::size_t r = 0; r < replicates; ++r) {
    for (std::size_t i = 0; i < points.size(); ++i) {
      const auto& launches = points[i].launch_times_s;
      if (launches.empty()) continue;
      std::uniform_int_distribution<std::size_t> pick(0, launches.size() - 1);
      draw.resize(launches.size());
      for (double& d : draw) d = launches[pick(rng)];
      curve.y[i] = kernel.throughput(points[i].size, estimate(draw, estimator));
    }
    knees.push_back(locate(curve));
  }
  return detect::percentile_interval(curve.x, knees, level);
}

}  // namespace autobench::autoscale
