// The saturating latency-bandwidth fit (see saturating_fit.hpp).
#include "saturating_fit.hpp"

#include <algorithm>
#include <cmath>

namespace autobench::detect {

double SaturatingFit::at(double u) const { return peak / (1.0 + std::pow(10.0, -a * (u - u0))); }

SaturatingFit fit_saturating(const std::vector<double>& u, const std::vector<double>& y) {
  const double lo = u.front(), span = u.back() - u.front();
  std::vector<double> g(u.size()), f(u.size());
  SaturatingFit best;
  auto consider_all = [&](double a, double u0_lo, double u0_hi, int steps) {
    for (std::size_t i = 0; i < u.size(); ++i) g[i] = std::pow(10.0, -a * (u[i] - lo));  // relative to u[0]:
    for (int j = 0; j <= steps; ++j) {                                                  // exponents stay small
      const double u0 = u0_lo + (u0_hi - u0_lo) * j / steps, shift = std::pow(10.0, a * (u0 - lo));
      double fy = 0.0, ff = 0.0;
      for (std::size_t i = 0; i < u.size(); ++i) {
        f[i] = 1.0 / (1.0 + g[i] * shift);
        fy += f[i] * y[i];
        ff += f[i] * f[i];
      }
      const double peak = ff > 0.0 ? fy / ff : 0.0;
      double sse = 0.0;
      for (std::size_t i = 0; i < u.size(); ++i) sse += (y[i] - peak * f[i]) * (y[i] - peak * f[i]);
      if (sse < best.sse) best = {a, u0, peak, sse};
    }
  };
  double log_a_lo = std::log10(0.1), log_a_hi = std::log10(10.0), u0_lo = lo - 0.5 * span, u0_hi = u.back() + 0.5 * span;
  constexpr int kSteps = 16;
  for (int round = 0; round < 3; ++round) {
    for (int i = 0; i <= kSteps; ++i)
      consider_all(std::pow(10.0, log_a_lo + (log_a_hi - log_a_lo) * i / kSteps), u0_lo, u0_hi, kSteps);
    const double da = 2.0 * (log_a_hi - log_a_lo) / kSteps, du = 2.0 * (u0_hi - u0_lo) / kSteps;
    log_a_lo = std::log10(best.a) - da, log_a_hi = std::log10(best.a) + da;
    u0_lo = best.u0 - du, u0_hi = best.u0 + du;
  }
  return best;
}

double line_sse(const std::vector<double>& u, const std::vector<double>& y) {
  const auto n = static_cast<double>(u.size());
  double su = 0.0, sy = 0.0;
  for (std::size_t i = 0; i < u.size(); ++i) su += u[i], sy += y[i];
  const double mu = su / n, my = sy / n;
  double suu = 0.0, suy = 0.0, syy = 0.0;
  for (std::size_t i = 0; i < u.size(); ++i) {
    suu += (u[i] - mu) * (u[i] - mu);
    suy += (u[i] - mu) * (y[i] - my);
    syy += (y[i] - my) * (y[i] - my);
  }
  return suu > 0.0 ? std::max(0.0, syy - suy * suy / suu) : syy;
}

}  // namespace autobench::detect
