#include "power/time_frequency_model.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace autobench::power {

double TimeFrequencyModel::time(double f_mhz) const { return a / (1.0 + b * f_mhz) + c / (1.0 + d * f_mhz); }

namespace {

TimeFrequencyModel from_vector(const Eigen::VectorXd& p) { return {p[0], p[1], p[2], p[3]}; }

numerics::LeastSquaresProblem problem(const Eigen::VectorXd& f, const Eigen::VectorXd& y) {
  numerics::LeastSquaresProblem pr;
  pr.residuals = [&f, &y](const Eigen::VectorXd& p) {
    const TimeFrequencyModel m = from_vector(p);
    Eigen::VectorXd r(f.size());
    for (Eigen::Index i = 0; i < f.size(); ++i) r[i] = m.time(f[i]) - y[i];
    return r;
  };
  pr.jacobian = [&f](const Eigen::VectorXd& p) {
    const TimeFrequencyModel m = from_vector(p);
    Eigen::MatrixXd j(f.size(), 4);
    for (Eigen::Index i = 0; i < f.size(); ++i) {
      const double u = 1.0 + m.b * f[i];
      const double w = 1.0 + m.d * f[i];
      j(i, 0) = 1.0 / u;
      j(i, 1) = -m.a * f[i] / (u * u);
      j(i, 2) = 1.0 / w;
      j(i, 3) = -m.c * f[i] / (w * w);
    }
    return j;
  };
  return pr;
}

}  // namespace

TimeFrequencyFit fit_time_frequency(std::span<const double> clock_mhz, std::span<const double> time) {
  const numerics::FitData data = numerics::fit_data("fit_time_frequency", clock_mhz, time, 4);
  const Eigen::VectorXd& f = data.x;
  const Eigen::VectorXd& y = data.y;
  const auto n = f.size();

  // Grid over the rates; d = 0 (a clock-independent term) is always a candidate.
  const double f_max = data.x_max;
  constexpr int kSteps = 31;
  std::vector<double> rates{0.0};
  for (int s = 0; s < kSteps; ++s) rates.push_back(std::pow(10.0, -3.0 + 6.0 * s / (kSteps - 1)) / f_max);

  double best_cost = std::numeric_limits<double>::infinity();
  Eigen::VectorXd best(4);
  Eigen::MatrixXd design(n, 2);
  for (std::size_t ib = 1; ib < rates.size(); ++ib) {
    for (std::size_t id = 0; id < ib; ++id) {
      const double b = rates[ib], d = rates[id];
      for (Eigen::Index i = 0; i < n; ++i) {
        design(i, 0) = 1.0 / (1.0 + b * f[i]);
        design(i, 1) = 1.0 / (1.0 + d * f[i]);
      }
      const Eigen::VectorXd ac = numerics::linear_least_squares(design, y);
      const double cost = (design * ac - y).squaredNorm();
      if (std::isfinite(cost) && cost < best_cost) {
        best_cost = cost;
        best << ac[0], b, ac[1], d;
      }
    }
  }
  const numerics::LeastSquaresProblem pr = problem(f, y);
  const auto refined = numerics::levenberg_marquardt(pr, best);
  const Eigen::VectorXd p = refined.cost <= best_cost ? refined.parameters : best;
  TimeFrequencyModel m = from_vector(p);
  TimeFrequencyModel se = from_vector(numerics::standard_errors(pr.jacobian(p), std::min(refined.cost, best_cost)));
  if (m.b < m.d) {
    std::swap(m.a, m.c);
    std::swap(m.b, m.d);
    std::swap(se.a, se.c);
    std::swap(se.b, se.d);
  }

  TimeFrequencyFit out{m, se, {}};
  std::vector<double> predicted(clock_mhz.size());
  for (std::size_t i = 0; i < predicted.size(); ++i) predicted[i] = m.time(clock_mhz[i]);
  out.quality = numerics::fit_quality(time, predicted);
  return out;
}

}  // namespace autobench::power
