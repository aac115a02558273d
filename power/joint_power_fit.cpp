// The joint power–frequency fit (see joint_power_fit.hpp).
#include "power/joint_power_fit.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>
#include <stdexcept>

namespace autobench::power {

namespace {

// Every point of every kernel, flattened: clock, power, activity and the kernel it belongs to.
struct Points {
  Eigen::VectorXd f, y, w;
  std::vector<Eigen::Index> kernel;
  std::size_t kernels = 0;
  double f_min = numerics::kNaN, f_max = numerics::kNaN, f_second = numerics::kNaN;  // f_second: the second-highest distinct clock
};

Points flatten(const std::vector<KernelSweep>& sweeps) {
  Points pts;
  pts.kernels = sweeps.size();
  std::vector<double> f, y, w;
  std::set<double> all_clocks;
  for (std::size_t k = 0; k < sweeps.size(); ++k) {
    const KernelSweep& s = sweeps[k];
    const numerics::FitData d = numerics::fit_data(("fit_power_frequency_joint (" + s.kernel + ")").c_str(), s.clock_mhz, s.power_w, 1);
    const Eigen::VectorXd weights = activity_weights(s.clock_mhz, s.time_s);
    for (Eigen::Index i = 0; i < d.x.size(); ++i) {
      f.push_back(d.x[i]);
      y.push_back(d.y[i]);
      w.push_back(weights[i]);
      pts.kernel.push_back(static_cast<Eigen::Index>(k));
      all_clocks.insert(d.x[i]);
    }
  }
  if (all_clocks.size() < 6)
    throw std::invalid_argument("fit_power_frequency_joint: " + std::to_string(all_clocks.size()) +
                                " distinct clocks over all kernels; at least 6 are needed");
  pts.f = Eigen::Map<Eigen::VectorXd>(f.data(), static_cast<Eigen::Index>(f.size()));
  pts.y = Eigen::Map<Eigen::VectorXd>(y.data(), static_cast<Eigen::Index>(y.size()));
  pts.w = Eigen::Map<Eigen::VectorXd>(w.data(), static_cast<Eigen::Index>(w.size()));
  pts.f_min = *all_clocks.begin();
  pts.f_max = *all_clocks.rbegin();
  pts.f_second = *std::next(all_clocks.rbegin());
  return pts;
}

// Parameter order: [P_static, k, f_r, a_1..a_n].
PowerFrequencyModel model_of(const Eigen::VectorXd& p, Eigen::Index kernel) { return {p[0], p[3 + kernel], p[1], p[2]}; }

double predicted(const Points& pts, const Eigen::VectorXd& p, Eigen::Index i) {
  const PowerFrequencyModel m = model_of(p, pts.kernel[static_cast<std::size_t>(i)]);
  const double v = m.voltage(pts.f[i]);
  return m.static_w + pts.w[i] * m.dynamic_w_per_mhz * pts.f[i] * v * v;
}

Eigen::VectorXd residuals(const Points& pts, const Eigen::VectorXd& p) {
  Eigen::VectorXd r(pts.f.size());
  for (Eigen::Index i = 0; i < r.size(); ++i) r[i] = predicted(pts, p, i) - pts.y[i];
  return r;
}

// ∂r/∂θ; with `free_ridge` false the f_r column is zero (the ridge is held).
Eigen::MatrixXd jacobian(const Points& pts, const Eigen::VectorXd& p, bool free_ridge) {
  Eigen::MatrixXd j = Eigen::MatrixXd::Zero(pts.f.size(), p.size());
  for (Eigen::Index i = 0; i < pts.f.size(); ++i) {
    const Eigen::Index k = pts.kernel[static_cast<std::size_t>(i)];
    const PowerFrequencyModel m = model_of(p, k);
    const double f = pts.f[i], v = m.voltage(f), above = f > m.ridge_mhz ? f - m.ridge_mhz : 0.0;
    const double dv = pts.w[i] * m.dynamic_w_per_mhz * f * 2.0 * v;  // ∂P/∂V
    j(i, 0) = 1.0;
    j(i, 1) = dv * above;
    if (free_ridge && f > m.ridge_mhz) j(i, 2) = -dv * m.voltage_slope_per_mhz;
    j(i, 3 + k) = pts.w[i] * f * v * v;
  }
  return j;
}

numerics::LeastSquaresProblem problem(const Points& pts, bool free_ridge) {
  return {[&pts](const Eigen::VectorXd& p) { return residuals(pts, p); },
          [&pts, free_ridge](const Eigen::VectorXd& p) { return jacobian(pts, p, free_ridge); },
          {},
          {}};
}

// Bounds: P_static, a ≥ 0; 0 ≤ k ≤ (kMaxVoltageRatio − 1)/(f_max − f_r); f_r held at `ridge` or within the range.
void set_bounds(numerics::LeastSquaresProblem& pr, const Points& pts, double ridge, bool free_ridge) {
  const Eigen::Index n = 3 + static_cast<Eigen::Index>(pts.kernels);
  pr.lower = Eigen::VectorXd::Zero(n);
  pr.upper = Eigen::VectorXd::Constant(n, numerics::kInf);
  pr.lower[2] = free_ridge ? pts.f_min : ridge;
  pr.upper[2] = free_ridge ? pts.f_max : ridge;
  pr.upper[1] = free_ridge ? numerics::kInf : (kMaxVoltageRatio - 1.0) / (pts.f_max - ridge);
}

StaticCheck own_static(const KernelSweep& s, const PowerFrequencyModel& device) {
  const Eigen::VectorXd w = activity_weights(s.clock_mhz, s.time_s);
  const auto n = static_cast<Eigen::Index>(s.clock_mhz.size());
  Eigen::MatrixXd a(n, 2);
  Eigen::VectorXd y(n);
  for (Eigen::Index i = 0; i < n; ++i) {
    const double f = s.clock_mhz[static_cast<std::size_t>(i)], v = device.voltage(f);
    a(i, 0) = 1.0;
    a(i, 1) = w[i] * f * v * v;
    y[i] = s.power_w[static_cast<std::size_t>(i)];
  }
  const Eigen::VectorXd b = numerics::linear_least_squares(a, y);
  const Eigen::VectorXd se = numerics::standard_errors(a, (a * b - y).squaredNorm());
  return {s.kernel, b[0], se[0]};
}

}  // namespace

JointPowerFit fit_power_frequency_joint(const std::vector<KernelSweep>& sweeps) {
  if (sweeps.empty()) throw std::invalid_argument("fit_power_frequency_joint: no calibration kernels");
  const Points pts = flatten(sweeps);
  const auto kernels = static_cast<Eigen::Index>(pts.kernels);

  // The straight lines P = P_static + a_k·w·f (V ≡ 1): the start for every ridge candidate.
  Eigen::MatrixXd design = Eigen::MatrixXd::Zero(pts.f.size(), 1 + kernels);
  design.col(0).setOnes();
  for (Eigen::Index i = 0; i < pts.f.size(); ++i) design(i, 1 + pts.kernel[static_cast<std::size_t>(i)]) = pts.w[i] * pts.f[i];
  const Eigen::VectorXd line = numerics::linear_least_squares(design, pts.y);

  constexpr int kCandidates = 64;
  double best_cost = std::numeric_limits<double>::infinity();
  Eigen::VectorXd best;
  for (int c = 0; c < kCandidates; ++c) {
    const double ridge = pts.f_min + (pts.f_second - pts.f_min) * c / (kCandidates - 1);
    Eigen::VectorXd start(3 + kernels);
    start << std::max(line[0], 0.0), 0.0, ridge, line.tail(kernels).cwiseMax(0.0);
    numerics::LeastSquaresProblem held = problem(pts, false);
    set_bounds(held, pts, ridge, false);
    const auto fit = numerics::levenberg_marquardt(held, start);
    if (fit.cost < best_cost) best_cost = fit.cost, best = fit.parameters;
  }
  numerics::LeastSquaresProblem free = problem(pts, true);
  set_bounds(free, pts, 0, true);
  const auto refined = numerics::levenberg_marquardt(free, best);
  const bool physical = model_of(refined.parameters, 0).voltage(pts.f_max) <= kMaxVoltageRatio + 1e-9;
  const Eigen::VectorXd p = physical && refined.cost <= best_cost ? refined.parameters : best;
  const double cost = std::min(physical ? refined.cost : best_cost, best_cost);

  JointPowerFit out;
  const Eigen::VectorXd se = numerics::standard_errors(jacobian(pts, p, true), cost);
  std::vector<double> observed(pts.y.data(), pts.y.data() + pts.y.size()), fitted;
  for (Eigen::Index i = 0; i < pts.f.size(); ++i) fitted.push_back(predicted(pts, p, i));
  out.quality = numerics::fit_quality(observed, fitted);
  for (Eigen::Index k = 0; k < kernels; ++k) {
    out.models.push_back(model_of(p, k));
    out.standard_errors.push_back(model_of(se, k));
    out.per_kernel_static.push_back(own_static(sweeps[static_cast<std::size_t>(k)], out.models.back()));
  }
  out.kernels_agree = true;
  for (std::size_t i = 0; i < out.per_kernel_static.size(); ++i)
    for (std::size_t j = i + 1; j < out.per_kernel_static.size(); ++j) {
      const StaticCheck &a = out.per_kernel_static[i], &b = out.per_kernel_static[j];
      out.kernels_agree = out.kernels_agree && std::fabs(a.static_w - b.static_w) <=
                                                   kAgreement * std::hypot(a.standard_error_w, b.standard_error_w);
    }
  return out;
}

}  // namespace autobench::power
