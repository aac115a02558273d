// Regime sampling (see launch_sampler.hpp).
#include "suite/dataset/launch_sampler.hpp"

#include <cmath>
#include <numeric>
#include <random>
#include <set>
#include <sstream>
#include <stdexcept>

namespace autobench::dataset {

RegimeRatio parse_ratio(const std::string& text) {
  const std::string allowed = " (allowed: three non-negative numbers idle:under:full, not all 0, e.g. 2:5:3)";
  RegimeRatio r;
  std::stringstream in(text);
  std::string part;
  int i = 0;
  while (std::getline(in, part, ':')) {
    if (i >= kRegimes) throw std::invalid_argument("--ratio '" + text + "' has more than three parts" + allowed);
    std::size_t used = 0;
    double v = 0;
    try {
      v = std::stod(part, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used == 0 || used != part.size() || !std::isfinite(v) || v < 0 || v > 1e6)
      throw std::invalid_argument("--ratio '" + text + "': '" + part + "' is not a weight" + allowed);
    r.weight[i++] = v;
  }
  if (i != kRegimes || r.weight[0] + r.weight[1] + r.weight[2] <= 0)
    throw std::invalid_argument("--ratio '" + text + "' is not allowed" + allowed);
  return r;
}

std::string to_string(const RegimeRatio& r) {
  std::ostringstream o;
  o << r.weight[0] << ":" << r.weight[1] << ":" << r.weight[2];
  return o.str();
}

std::array<std::size_t, kRegimes> regime_quota(std::size_t total, const RegimeRatio& ratio) {
  const double sum = std::accumulate(ratio.weight.begin(), ratio.weight.end(), 0.0);
  std::array<std::size_t, kRegimes> q{};
  std::array<double, kRegimes> remainder{};
  std::size_t given = 0;
  for (int i = 0; i < kRegimes; ++i) {
    const double exact = static_cast<double>(total) * ratio.weight[i] / sum;
    q[i] = static_cast<std::size_t>(std::floor(exact));
    remainder[i] = exact - static_cast<double>(q[i]);
    given += q[i];
  }
  while (given < total) {  // largest remainder first; ties to the earlier regime
    int best = 0;
    for (int i = 1; i < kRegimes; ++i)
      if (remainder[i] > remainder[best]) best = i;
    ++q[best];
    remainder[best] = -1;
    ++given;
  }
  return q;
}

KernelSample sample_kernel(const LaunchShape& shape, const backend::Occupancy& occupancy, const SamplerSettings& settings) {
  KernelSample out;
  out.quota = regime_quota(settings.per_kernel, settings.ratio);
  std::vector<kernels::Tunables> candidates;
  for (const auto& c : shape.configs)
    if (shape.block_threads(c) % backend::kWarpSize == 0) candidates.push_back(c);
  if (candidates.empty()) return out;

  std::mt19937_64 rng(settings.seed * 0x9E3779B97F4A7C15ull + std::hash<std::string>{}(shape.kernel));
  std::uniform_int_distribution<std::size_t> pick(0, candidates.size() - 1);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  std::set<std::pair<std::uint64_t, std::string>> seen;

  std::array<std::size_t, kRegimes> want = out.quota;
  const std::array<Regime, kRegimes> order{Regime::under, Regime::full, Regime::idle};  // who takes the rest
  for (int step = 0; step < kRegimes; ++step) {
    for (int r = 0; r < kRegimes; ++r) {
      const auto regime = static_cast<Regime>(r);
      int failures = 0;
      while (want[r] > 0 && failures < settings.attempts) {
        const kernels::Tunables& config = candidates[pick(rng)];
        const int block = shape.block_threads(config);
        const Range range = workgroup_range(regime, occupancy, block, settings.max_waves);
        bool ok = !range.empty();
        std::uint64_t n = 0;
        if (ok) {
          const double lo = std::log(static_cast<double>(range.lo)), hi = std::log(static_cast<double>(range.hi) + 1.0);
          const auto target = std::min(range.hi, static_cast<std::uint64_t>(std::exp(lo + (hi - lo) * unit(rng))));
          n = size_for_workgroups(shape, config, std::max(range.lo, target));
          ok = n != 0 && (!shape.fits || shape.fits(n, config));
        }
        LaunchConfig c;
        if (ok) {
          c = make_config(shape, config, n, occupancy);
          ok = c.regime == regime && seen.insert({n, kernels::to_string(config)}).second;
        }
        if (!ok) {
          ++failures;
          continue;
        }
        failures = 0;
        out.configs.push_back(std::move(c));
        ++out.achieved[r];
        --want[r];
      }
      if (want[r] == 0) continue;
      // This regime is exhausted here: its rest goes to the next regime in `order` that is not it.
      for (Regime next : order) {
        if (next == regime) continue;
        want[static_cast<int>(next)] += want[r];
        want[r] = 0;
        break;
      }
    }
  }
  return out;
}

}  // namespace autobench::dataset
