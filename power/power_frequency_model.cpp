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

LeastSquaresProblem problem_with_fixed_ridge(const Eigen::VectorXd& f, const Eigen::VectorXd& y, double ridge) {
  LeastSquaresProblem problem;
  problem.residuals = [&f, &y, ridge](const Eigen::VectorXd& p) {
    const PowerFrequencyModel m = from_vector(p, ridge);
    Eigen::VectorXd r(f.size());
    for (Eigen::Index i = 0; i < f.size(); ++i) r[i] = m.power_w(f[i]) - y[i];
    return r;
  };
  problem.jacobian = [&f, ridge](const Eigen::VectorXd& p) {
    const PowerFrequencyModel m = from_vector(p, ridge);
    Eigen::MatrixXd j(f.size(), 3);
    for (Eigen::Index i = 0; i < f.size(); ++i) {
      const double v = m.voltage(f[i]);
      const double above = std::max(f[i] - ridge, 0.0);
      j(i, 0) = 1.0;
      j(i, 1) = f[i] * v * v;
      j(i, 2) = m.dynamic_w_per_mhz * f[i] * 2.0 * v * above;
    }
    return j;
  };
  return problem;
}

LeastSquaresProblem problem_with_free_ridge(const Eigen::VectorXd& f, const Eigen::VectorXd& y) {
  LeastSquaresProblem problem;
  problem.residuals = [&f, &y](const Eigen::VectorXd& p) {
    const PowerFrequencyModel m = from_vector(p, p[3]);
    Eigen::VectorXd r(f.size());
    for (Eigen::Index i = 0; i < f.size(); ++i) r[i] = m.power_w(f[i]) - y[i];
    return r;
  };
  problem.jacobian = [&f](const Eigen::VectorXd& p) {
    const PowerFrequencyModel m = from_vector(p, p[3]);
    Eigen::MatrixXd j(f.size(), 4);
    for (Eigen::Index i = 0; i < f.size(); ++i) {
      const double v = m.voltage(f[i]);
      const bool above = f[i] > m.ridge_mhz;
      j(i, 0) = 1.0;
      j(i, 1) = f[i] * v * v;
      j(i, 2) = above ? m.dynamic_w_per_mhz * f[i] * 2.0 * v * (f[i] - m.ridge_mhz) : 0.0;
      j(i, 3) = above ? -m.dynamic_w_per_mhz * f[i] * 2.0 * v * m.voltage_slope_per_mhz : 0.0;
    }
    return j;
  };
  return problem;
}

}  // namespace

PowerFrequencyFit fit_power_frequency(std::span<const double> clock_mhz, std::span<const double> power_w) {
  if (clock_mhz.size() != power_w.size()) {
    throw std::invalid_argument("fit_power_frequency: " + std::to_string(clock_mhz.size()) + " clocks but " +
                                std::to_string(power_w.size()) + " power values");
  }
  const std::set<double> distinct(clock_mhz.begin(), clock_mhz.end());
  if (clock_mhz.size() < 5 || distinct.size() < 4) {
    throw std::invalid_argument("fit_power_frequency: needs at least 5 points at 4 distinct clocks, got " +
                                std::to_string(clock_mhz.size()) + " points at " +
                                std::to_string(distinct.size()) + " clocks");
  }
  const auto n = static_cast<Eigen::Index>(clock_mhz.size());
  Eigen::VectorXd f(n), y(n);
  for (Eigen::Index i = 0; i < n; ++i) {
    f[i] = clock_mhz[static_cast<std::size_t>(i)];
    y[i] = power_w[static_cast<std::size_t>(i)];
    if (!std::isfinite(f[i]) || !std::isfinite(y[i])) {
      throw std::invalid_argument("fit_power_frequency: point " + std::to_string(i) + " is not finite");
    }
  }

  // Straight line P = P_static + a·f: the start for every ridge candidate (k = 0 means V ≡ 1).
  Eigen::MatrixXd design(n, 2);
  design.col(0).setOnes();
  design.col(1) = f;
  const Eigen::VectorXd line = linear_least_squares(design, y);

  // Ridge candidates span the measured range below the second-highest clock, so at least two distinct
  // clocks lie above every candidate and k stays identifiable.
  const double f_lo = *distinct.begin();
  const double f_hi = *std::next(distinct.rbegin());
  constexpr int kCandidates = 64;
  double best_cost = std::numeric_limits<double>::infinity();
  Eigen::VectorXd best(4);
  for (int c = 0; c < kCandidates; ++c) {
    const double ridge = f_lo + (f_hi - f_lo) * c / (kCandidates - 1);
    Eigen::VectorXd start(3);
    start << line[0], line[1], 0.0;
    const auto fit = levenberg_marquardt(problem_with_fixed_ridge(f, y, ridge), start);
    if (fit.cost < best_cost) {
      best_cost = fit.cost;
      best << fit.parameters, ridge;
    }
  }
  const auto refined = levenberg_marquardt(problem_with_free_ridge(f, y), best);
  const Eigen::VectorXd& p = refined.cost <= best_cost ? refined.parameters : best;

  PowerFrequencyFit out;
  out.model = from_vector(p, p[3]);
  std::vector<double> predicted(clock_mhz.size());
  for (std::size_t i = 0; i < predicted.size(); ++i) predicted[i] = out.model.power_w(clock_mhz[i]);
  out.quality = fit_quality(power_w, predicted);
  return out;
}

}  // namespace autobench::power
