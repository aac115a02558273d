// Per-sweep levels, region effects and units (see sweep_levels.hpp).
#include "suite/stats/sweep_levels.hpp"

#include <cmath>

#include "numerics/statistics.hpp"

namespace autobench::stats {

std::vector<SweepLevels> sweeps_of(const std::vector<const results::Campaign*>& campaigns, bool keep_unconverged) {
  // (rank, repeat) -> size -> the distinct points' (mean time, log mean time)
  std::map<std::pair<int, int>, std::map<std::uint64_t, std::map<double, double>>> logs;
  std::map<std::pair<int, int>, std::set<std::uint64_t>> unconverged;
  for (const auto* c : campaigns) {
    auto& sweep = logs[{c->rank, c->repeat}];
    for (const auto& p : c->points) {
      if (!(p.time_mean_s > 0.0)) continue;
      if (!p.converged) {
        unconverged[{c->rank, c->repeat}].insert(p.size);
        if (!keep_unconverged) continue;
      }
      sweep[p.size].emplace(p.time_mean_s, std::log(p.time_mean_s));
    }
  }
  std::vector<SweepLevels> out;
  for (const auto& [key, sizes] : logs) {
    SweepLevels s{key.first, key.second, {}, unconverged[key]};
    for (const auto& [size, points] : sizes) {
      std::vector<double> v;
      for (const auto& [mean, log] : points) v.push_back(log);
      s.log_time[size] = numerics::mean(v);
    }
    out.push_back(std::move(s));
  }
  return out;
}

RegionEffects region_effects(const std::vector<SweepLevels>& a, const std::vector<SweepLevels>& b,
                             const std::set<std::uint64_t>& sizes) {
  // The centre of each size: the midpoint of the sides' mean log times.
  std::map<std::uint64_t, double> centre;
  for (const auto size : sizes) {
    double sum[2] = {0, 0};
    int n[2] = {0, 0};
    for (int side = 0; side < 2; ++side)
      for (const auto& s : side == 0 ? a : b) {
        const auto it = s.log_time.find(size);
        if (it != s.log_time.end()) sum[side] += it->second, ++n[side];
      }
    if (n[0] > 0 && n[1] > 0) centre[size] = (sum[0] / n[0] + sum[1] / n[1]) / 2.0;
  }
  const auto effects = [&](const std::vector<SweepLevels>& sweeps) {
    std::vector<SweepEffect> out;
    for (const auto& s : sweeps) {
      double sum = 0.0;
      int n = 0;
      for (const auto& [size, c] : centre) {
        const auto it = s.log_time.find(size);
        if (it != s.log_time.end()) sum += it->second - c, ++n;
      }
      if (n > 0) out.push_back({s.gpu, sum / n});
    }
    return out;
  };
  return {effects(a), effects(b)};
}

std::size_t gpus_of(const std::vector<SweepEffect>& effects) {
  std::set<int> gpus;
  for (const auto& e : effects) gpus.insert(e.gpu);
  return gpus.size();
}

std::vector<double> unit_values(const std::vector<SweepEffect>& effects) {
  std::map<int, std::vector<double>> by_gpu;
  for (const auto& e : effects) by_gpu[e.gpu].push_back(e.effect);
  std::vector<double> out;
  if (by_gpu.size() == 1) return by_gpu.begin()->second;
  for (const auto& [gpu, v] : by_gpu) out.push_back(numerics::mean(v));
  return out;
}

}  // namespace autobench::stats
