// `fitted`: a model-based knee. A saturating curve is fitted to the measurements first, and the base
// detector looks for the knee on the fit instead of on the noisy points.
#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <stdexcept>
#include <vector>

#include "detector.hpp"
#include "unit_curve.hpp"

namespace autobench::detect {
namespace {

// The latency-bandwidth form t = t0 + w / B gives throughput y = w / t = B w / (w + t0 B): for work w
// proportional to n^a (a = 1 for a stream, 2 for a square GEMM's m) y = P n^a / (n^a + c), a Hill curve,
// which in u = log10(n) is the logistic P / (1 + 10^(-a (u - u0))). Least squares over a and u0 on a
// grid refined around the best cell twice, with P in closed form for each.
struct HillFit {
  double a = 1.0, u0 = 0.0, peak = 0.0, sse = std::numeric_limits<double>::infinity();
  double at(double u) const { return peak / (1.0 + std::pow(10.0, -a * (u - u0))); }
};

HillFit fit_hill(const std::vector<double>& u, const std::vector<double>& y) {
  const double lo = u.front(), span = u.back() - u.front();
  std::vector<double> g(u.size()), f(u.size());
  HillFit best;
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

// Residual sum of squares of the least-squares line through (u, y).
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

// The fit replaces y only when it explains the curve: its residuals at most half a straight line's in the
// same x-space (else, e.g. on a straight rise or pure noise, there is no knee). The base detector
// (Params::base) then runs on the fitted values at the measured sizes with the same parameters.
// Score: the base detector's score on the fit.
class Fitted final : public Detector {
 public:
  explicit Fitted(const Params& p) : p_(p) {
    if (p.base == "fitted" || p.base == "multiknee" || p.base == "hybrid")
      throw std::invalid_argument("fitted base '" + p.base + "' is not a single-knee detector on points (allowed: "
                                  "triangle, kneedle, lmethod, menger, dfdt)");
    base_ = make(p.base, p);
  }

  Knee find(const Curve& curve) const override {
    validate(curve, XScale::log);  // the fit is in log size whatever the base detector's x-space
    if (curve.size() < 3) return {};
    const std::vector<double> u = to_xspace(curve.x, XScale::log);
    const HillFit fit = fit_hill(u, curve.y);
    if (!(fit.sse <= 0.5 * line_sse(to_xspace(curve.x, p_.x_scale), curve.y))) return {};
    Curve smooth{curve.x, {}};
    for (double v : u) smooth.y.push_back(fit.at(v));
    return base_->find(smooth);
  }

 private:
  Params p_;
  std::unique_ptr<Detector> base_;
};

const Registration kFittedRegistration(
    "fitted", "base detector (triangle) on a least-squares saturating fit, t = t0 + work / B",
    [](const Params& p) { return std::make_unique<Fitted>(p); });

}  // namespace
}  // namespace autobench::detect
