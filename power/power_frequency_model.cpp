#include "power/power_frequency_model.hpp"

#include <algorithm>
#include <cmath>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

namespace autobench::power {

double PowerFrequencyModel::voltage(double f_mhz) const {
  return f_mhz > ridge_mhz ? 1.0 + voltage_slope_per_mhz * (f_mhz - ridge_mhz) : 1.0;
}

double PowerFrequencyModel::power_w(double f_mhz) const {
  const double v = voltage(f_mhz);
  return static_w + dynamic_w_per_mhz * f_mhz * v * v;
}

namespace {

// Parameter vector order: [P_static, a, k, f_r].
PowerFrequencyModel from_vector(const Eigen::VectorXd& p, double ridge) {
  return {p[0], p[1], p[2], ridge};
}

// The model's power at clock f with its dynamic part (all but P_static) weighted by the activity w.
double weighted_power(const PowerFrequencyModel& m, double f, double w) {
  return m.static_w + w * (m.power_w(f) - m.static_w);
}

numerics::LeastSquaresProblem problem_with_fixed_ridge(const Eigen::VectorXd& f, const Eigen::VectorXd& y, const Eigen::VectorXd& w,
                                             double ridge) {
  numerics::LeastSquaresProblem problem;
  problem.residuals = [&f, &y, &w, ridge](const Eigen::VectorXd& p) {
    const PowerFrequencyModel m = from_vector(p, ridge);
    Eigen::VectorXd r(f.size());
    for (Eigen::Index i = 0; i < f.size(); ++i) r[i] = weighted_power(m, f[i], w[i]) - y[i];
    return r;
  };
  problem.jacobian = [&f, &w, ridge](const Eigen::VectorXd& p) {
    const PowerFrequencyModel m = from_vector(p, ridge);
    Eigen::MatrixXd j(f.size(), 3);
    for (Eigen::Index i = 0; i < f.size(); ++i) {
      const double v = m.voltage(f[i]);
      const double above = std::max(f[i] - ridge, 0.0);
      j(i, 0) = 1.0;
      j(i, 1) = w[i] * f[i] * v * v;
      j(i, 2) = w[i] * m.dynamic_w_per_mhz * f[i] * 2.0 * v * above;
    }
    return j;
  };
  return problem;
}

numerics::LeastSquaresProblem problem_with_free_ridge(const Eigen::VectorXd& f, const Eigen::VectorXd& y, const Eigen::VectorXd& w) {
  numerics::LeastSquaresProblem problem;
  problem.residuals = [&f, &y, &w](const Eigen::VectorXd& p) {
    const PowerFrequencyModel m = from_vector(p, p[3]);
    Eigen::VectorXd r(f.size());
    for (Eigen::Index i = 0; i < f.size(); ++i) r[i] = weighted_power(m, f[i], w[i]) - y[i];
    return r;
  };
  problem.jacobian = [&f, &w](const Eigen::VectorXd& p) {
    const PowerFrequencyModel m = from_vector(p, p[3]);
    Eigen::MatrixXd j(f.size(), 4);
    for (Eigen::Index i = 0; i < f.size(); ++i) {
      const double v = m.voltage(f[i]);
      const bool above = f[i] > m.ridge_mhz;
      j(i, 0) = 1.0;
      j(i, 1) = w[i] * f[i] * v * v;
      j(i, 2) = above ? w[i] * m.dynamic_w_per_mhz * f[i] * 2.0 * v * (f[i] - m.ridge_mhz) : 0.0;
      j(i, 3) = above ? -w[i] * m.dynamic_w_per_mhz * f[i] * 2.0 * v * m.voltage_slope_per_mhz : 0.0;
    }
    return j;
  };
  return problem;
}

}  // namespace

Eigen::VectorXd activity_weights(std::span<const double> clock_mhz, std::span<const double> time_s) {
  Eigen::VectorXd w = Eigen::VectorXd::Ones(static_cast<Eigen::Index>(clock_mhz.size()));
  if (time_s.empty()) return w;
  if (time_s.size() != clock_mhz.size())
    throw std::invalid_argument("fit_power_frequency: " + std::to_string(clock_mhz.size()) + " clocks but " +
                                std::to_string(time_s.size()) + " launch times");
  std::size_t top = 0;
  for (std::size_t i = 0; i < clock_mhz.size(); ++i) {
    if (!(std::isfinite(time_s[i]) && time_s[i] > 0))
      throw std::invalid_argument("fit_power_frequency: launch time " + std::to_string(time_s[i]) + " s at " +
                                  std::to_string(clock_mhz[i]) + " MHz is not a positive number");
    if (clock_mhz[i] > clock_mhz[top]) top = i;
  }
  for (std::size_t i = 0; i < clock_mhz.size(); ++i)
    w[static_cast<Eigen::Index>(i)] = clock_mhz[top] * time_s[top] / (clock_mhz[i] * time_s[i]);
  return w;
}

PowerFrequencyFit fit_power_frequency(std::span<const double> clock_mhz, std::span<const double> power_w,
                                      std::span<const double> time_s) {
  const numerics::FitData d = numerics::fit_data("fit_power_frequency", clock_mhz, power_w, 4);
  const Eigen::VectorXd& f = d.x;
  const Eigen::VectorXd& y = d.y;
  const Eigen::VectorXd w = activity_weights(clock_mhz, time_s);
  const auto n = f.size();

  // Straight line P = P_static + a·w·f: the start for every ridge candidate (k = 0 means V ≡ 1).
  Eigen::MatrixXd design(n, 2);
  design.col(0).setOnes();
  design.col(1) = w.cwiseProduct(f);
  const Eigen::VectorXd line = numerics::linear_least_squares(design, y);

  // Ridge candidates span the measured range below the second-highest clock, so at least two distinct
  // clocks lie above every candidate and k stays identifiable.
  const std::set<double> distinct(clock_mhz.begin(), clock_mhz.end());
  const double f_lo = d.x_min;
  const double f_hi = *std::next(distinct.rbegin());
  constexpr int kCandidates = 64;
  double best_cost = std::numeric_limits<double>::infinity();
  Eigen::VectorXd best(4);
  for (int c = 0; c < kCandidates; ++c) {
    const double ridge = f_lo + (f_hi - f_lo) * c / (kCandidates - 1);
    Eigen::VectorXd start(3);
    start << line[0], line[1], 0.0;
    numerics::LeastSquaresProblem fixed = problem_with_fixed_ridge(f, y, w, ridge);
    fixed.lower = Eigen::Vector3d(0.0, 0.0, 0.0);
    fixed.upper = Eigen::Vector3d(numerics::kInf, numerics::kInf, (kMaxVoltageRatio - 1.0) / (d.x_max - ridge));
    const auto fit = numerics::levenberg_marquardt(fixed, start);
    if (fit.cost < best_cost) {
      best_cost = fit.cost;
      best << fit.parameters, ridge;
    }
  }
  numerics::LeastSquaresProblem free = problem_with_free_ridge(f, y, w);
  free.lower = Eigen::Vector4d(0.0, 0.0, 0.0, d.x_min);
  free.upper = Eigen::Vector4d(numerics::kInf, numerics::kInf, numerics::kInf, d.x_max);
  const auto refined = numerics::levenberg_marquardt(free, best);
  const bool refined_physical = from_vector(refined.parameters, refined.parameters[3]).voltage(d.x_max) <= kMaxVoltageRatio + 1e-9;
  const Eigen::VectorXd p = refined_physical && refined.cost <= best_cost ? refined.parameters : best;

  PowerFrequencyFit out;
  out.model = from_vector(p, p[3]);
  const Eigen::VectorXd se = numerics::standard_errors(free.jacobian(p), std::min(refined.cost, best_cost));
  out.standard_error = from_vector(se, se[3]);
  std::vector<double> predicted(clock_mhz.size());
  for (std::size_t i = 0; i < predicted.size(); ++i)
    predicted[i] = weighted_power(out.model, clock_mhz[i], w[static_cast<Eigen::Index>(i)]);
  out.quality = numerics::fit_quality(power_w, predicted);
  return out;
}

}  // namespace autobench::power
