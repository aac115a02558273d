// IQR refinement (see iqr_balance.hpp).
#include "suite/dataset/iqr_balance.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>

#include "numerics/least_squares.hpp"
#include "numerics/statistics.hpp"

namespace autobench::dataset {

double Histogram::bin_lo(std::size_t i) const {
  return std::exp2(static_cast<double>(first_bin + static_cast<long>(i)) * width_log2);
}
double Histogram::bin_hi(std::size_t i) const { return bin_lo(i + 1); }

Histogram log2_histogram(const std::vector<double>& times, double width_log2) {
  if (!(width_log2 > 0)) throw std::invalid_argument("histogram bin width must be > 0");
  Histogram h;
  h.width_log2 = width_log2;
  if (times.empty()) return h;
  std::vector<long> bins;
  for (double t : times) {
    if (!(t > 0) || !std::isfinite(t)) throw std::invalid_argument("histogram: time " + std::to_string(t) + " is not > 0");
    bins.push_back(static_cast<long>(std::floor(std::log2(t) / width_log2)));
  }
  const auto [lo, hi] = std::minmax_element(bins.begin(), bins.end());
  h.first_bin = *lo;
  h.counts.assign(static_cast<std::size_t>(*hi - *lo + 1), 0);
  for (long b : bins) ++h.counts[static_cast<std::size_t>(b - h.first_bin)];
  return h;
}

LinearFit fit_line(const std::vector<double>& x, const std::vector<double>& y) {
  LinearFit f;
  const std::size_t n = std::min(x.size(), y.size());
  if (n < 2 || *std::min_element(x.begin(), x.begin() + static_cast<long>(n)) ==
                   *std::max_element(x.begin(), x.begin() + static_cast<long>(n)))
    return f;  // a line needs two distinct sizes
  Eigen::MatrixXd a(static_cast<Eigen::Index>(n), 2);
  Eigen::VectorXd b(static_cast<Eigen::Index>(n));
  for (std::size_t i = 0; i < n; ++i) {
    a(static_cast<Eigen::Index>(i), 0) = 1.0;
    a(static_cast<Eigen::Index>(i), 1) = x[i];
    b(static_cast<Eigen::Index>(i)) = y[i];
  }
  const Eigen::VectorXd c = numerics::linear_least_squares(a, b);
  f.intercept = c(0);
  f.slope = c(1);
  f.usable = f.slope > 0 && std::isfinite(f.slope) && std::isfinite(f.intercept);
  return f;
}

BalancePlan plan_iqr_balance(const std::vector<KernelTimes>& kernels, std::size_t max_added, std::uint64_t seed,
                             double width_log2) {
  BalancePlan plan;
  std::vector<double> all;
  for (const auto& k : kernels) all.insert(all.end(), k.time_us.begin(), k.time_us.end());
  plan.before = log2_histogram(all, width_log2);
  const auto& counts = plan.before.counts;
  if (counts.empty()) return plan;
  std::vector<double> c(counts.begin(), counts.end());
  std::sort(c.begin(), c.end());
  plan.q1 = numerics::quantile(c, 0.25);
  plan.median = numerics::quantile(c, 0.5);
  plan.q3 = numerics::quantile(c, 0.75);
  const std::size_t max_count = *std::max_element(counts.begin(), counts.end());
  plan.target = std::max(static_cast<std::size_t>(std::ceil(plan.q3)), (max_count + 2) / 3);

  std::vector<std::size_t> deficit(counts.size(), 0);
  for (std::size_t i = 0; i < counts.size(); ++i) {
    deficit[i] = counts[i] < plan.target ? plan.target - counts[i] : 0;
    plan.requested += deficit[i];
  }
  if (plan.requested > max_added) {  // scale down, keeping at least one per deficient bin while room is left
    std::size_t room = max_added;
    for (auto& d : deficit) {
      if (d == 0) continue;
      const auto scaled = static_cast<std::size_t>(static_cast<double>(d) * static_cast<double>(max_added) /
                                                   static_cast<double>(plan.requested));
      d = std::min(room, std::max<std::size_t>(1, scaled));
      room -= d;
    }
  }

  std::vector<LinearFit> fits;
  for (const auto& k : kernels) fits.push_back(fit_line(k.global_size, k.time_us));
  std::mt19937_64 rng(seed * 0xD1B54A32D192ED03ull + 17);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  std::size_t turn = 0;
  for (std::size_t b = 0; b < counts.size(); ++b) {
    if (deficit[b] == 0) continue;
    const double lo = plan.before.bin_lo(b), hi = plan.before.bin_hi(b);
    const std::string bin = "log2-time bin [" + fmt::format("{:.4g}", lo) + ", " + fmt::format("{:.4g}", hi) + ") us";
    const std::string why = bin + ": " + std::to_string(counts[b]) + " samples < target " + std::to_string(plan.target) +
                            " (max(Q3 " + fmt::format("{:.4g}", plan.q3) + ", max/3) of bin counts)";
    std::vector<std::size_t> reach;  // kernels whose fitted line reaches into the bin
    for (std::size_t k = 0; k < kernels.size(); ++k) {
      if (!fits[k].usable) continue;
      const double t0 = fits[k].time_at(kernels[k].min_global), t1 = fits[k].time_at(kernels[k].max_global);
      if (t1 > lo && t0 < hi) reach.push_back(k);
    }
    if (reach.empty()) {
      plan.unreachable.push_back(bin);
      continue;
    }
    for (std::size_t i = 0; i < deficit[b]; ++i) {
      const std::size_t k = reach[turn++ % reach.size()];
      const double t0 = std::max(lo, fits[k].time_at(kernels[k].min_global));
      const double t1 = std::min(hi, fits[k].time_at(kernels[k].max_global));
      const double t = std::exp2(std::log2(t0) + (std::log2(t1) - std::log2(t0)) * unit(rng));
      const double g = std::clamp(fits[k].global_size_for(t), kernels[k].min_global, kernels[k].max_global);
      plan.requests.push_back({kernels[k].kernel, t, g, why});
    }
  }
  return plan;
}

bool realise(const LaunchShape& shape, const backend::Occupancy& occupancy, const BalanceRequest& request,
             std::mt19937_64& rng, LaunchConfig& out) {
  if (shape.configs.empty()) return false;
  std::uniform_int_distribution<std::size_t> pick(0, shape.configs.size() - 1);
  for (int attempt = 0; attempt < 16; ++attempt) {
    const kernels::Tunables& config = shape.configs[pick(rng)];
    const int block = shape.block_threads(config);
    if (block % backend::kWarpSize != 0) continue;
    const auto wg = static_cast<std::uint64_t>(std::max(1.0, std::ceil(request.global_size / block)));
    const std::uint64_t n = size_for_workgroups(shape, config, wg);
    if (n == 0 || (shape.fits && !shape.fits(n, config))) continue;
    out = make_config(shape, config, n, occupancy);
    out.origin = Origin::iqr;
    out.reason = request.reason + "; predicted " + fmt::format("{:.4g}", request.target_time_us) + " us at global size " +
                 fmt::format("{:.6g}", request.global_size);
    return true;
  }
  return false;
}

}  // namespace autobench::dataset
