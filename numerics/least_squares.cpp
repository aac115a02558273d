#include "numerics/least_squares.hpp"

#include <algorithm>
#include <cmath>
#include <set>
#include <stdexcept>
#include <string>

namespace autobench::numerics {

FitQuality fit_quality(std::span<const double> observed, std::span<const double> predicted) {
  if (observed.size() != predicted.size()) {
    throw std::invalid_argument("fit_quality: " + std::to_string(observed.size()) + " observations but " +
                                std::to_string(predicted.size()) + " predictions");
  }
  FitQuality q;
  const std::size_t n = observed.size();
  if (n == 0) return q;
  double mean = 0.0;
  for (double y : observed) mean += y;
  mean /= static_cast<double>(n);
  double ss_res = 0.0, ss_tot = 0.0;
  q.residuals.reserve(n);
  for (std::size_t i = 0; i < n; ++i) {
    const double r = observed[i] - predicted[i];
    q.residuals.push_back(r);
    ss_res += r * r;
    ss_tot += (observed[i] - mean) * (observed[i] - mean);
  }
  q.rmse = std::sqrt(ss_res / static_cast<double>(n));
  q.r_squared = ss_tot > 0.0 ? 1.0 - ss_res / ss_tot : kNaN;
  return q;
}

FitData fit_data(const char* fit, std::span<const double> x, std::span<const double> y, int parameters) {
  if (x.size() != y.size())
    throw std::invalid_argument(std::string(fit) + ": " + std::to_string(x.size()) + " clocks but " +
                                std::to_string(y.size()) + " values");
  const std::set<double> distinct(x.begin(), x.end());
  const std::size_t needed = static_cast<std::size_t>(parameters) + 2;
  if (distinct.size() < needed)
    throw std::invalid_argument(std::string(fit) + ": " + std::to_string(parameters) + " parameters need at least " +
                                std::to_string(needed) + " distinct clocks, got " + std::to_string(distinct.size()));
  FitData d;
  const auto n = static_cast<Eigen::Index>(x.size());
  d.x.resize(n);
  d.y.resize(n);
  for (Eigen::Index i = 0; i < n; ++i) {
    d.x[i] = x[static_cast<std::size_t>(i)];
    d.y[i] = y[static_cast<std::size_t>(i)];
    if (!std::isfinite(d.x[i]) || !std::isfinite(d.y[i]) || d.x[i] < 0.0)
      throw std::invalid_argument(std::string(fit) + ": point " + std::to_string(i) +
                                  " is not a finite value at a finite, non-negative clock");
  }
  d.x_min = *distinct.begin();
  d.x_max = *distinct.rbegin();
  return d;
}

Eigen::VectorXd linear_least_squares(const Eigen::MatrixXd& a, const Eigen::VectorXd& y) {
  if (a.rows() != y.size()) {
    throw std::invalid_argument("linear_least_squares: matrix has " + std::to_string(a.rows()) +
                                " rows but the right-hand side has " + std::to_string(y.size()));
  }
  return a.colPivHouseholderQr().solve(y);
}

Eigen::VectorXd standard_errors(const Eigen::MatrixXd& jacobian, double cost) {
  const Eigen::Index n = jacobian.rows(), p = jacobian.cols();
  Eigen::VectorXd se = Eigen::VectorXd::Constant(p, kNaN);
  // Parameters the data do not see (a zero column, e.g. a slope above the highest clock) have none and
  // are left out; the others' columns are scaled to unit norm so that magnitudes do not spoil conditioning.
  std::vector<Eigen::Index> seen;
  for (Eigen::Index k = 0; k < p; ++k)
    if (jacobian.col(k).allFinite() && jacobian.col(k).norm() > 0) seen.push_back(k);
  const auto m = static_cast<Eigen::Index>(seen.size());
  if (m == 0 || n <= p || !std::isfinite(cost)) return se;
  Eigen::MatrixXd js(n, m);
  Eigen::VectorXd scale(m);
  for (Eigen::Index k = 0; k < m; ++k) {
    scale[k] = jacobian.col(seen[static_cast<std::size_t>(k)]).norm();
    js.col(k) = jacobian.col(seen[static_cast<std::size_t>(k)]) / scale[k];
  }
  const Eigen::FullPivLU<Eigen::MatrixXd> lu(js.transpose() * js);
  if (!lu.isInvertible()) return se;
  const Eigen::MatrixXd inverse = lu.inverse();
  const double s2 = cost / static_cast<double>(n - p);
  for (Eigen::Index k = 0; k < m; ++k)
    se[seen[static_cast<std::size_t>(k)]] = std::sqrt(std::max(0.0, inverse(k, k) * s2)) / scale[k];
  return se;
}

namespace {

struct Bounds {
  Eigen::VectorXd lower, upper;
  Eigen::VectorXd project(Eigen::VectorXd p) const {
    if (lower.size() == p.size()) p = p.cwiseMax(lower);
    if (upper.size() == p.size()) p = p.cwiseMin(upper);
    return p;
  }
  bool held(const Eigen::VectorXd& p, const Eigen::VectorXd& g, Eigen::Index k) const {
    return (lower.size() == p.size() && p[k] <= lower[k] && g[k] > 0) ||
           (upper.size() == p.size() && p[k] >= upper[k] && g[k] < 0);
  }
};

}  // namespace

LevenbergMarquardtResult levenberg_marquardt(const LeastSquaresProblem& problem, const Eigen::VectorXd& start,
                                             const LevenbergMarquardtOptions& options) {
  const Bounds bounds{problem.lower, problem.upper};
  LevenbergMarquardtResult result;
  result.parameters = bounds.project(start);
  const Eigen::Index p = result.parameters.size();
  result.at_bound.assign(static_cast<std::size_t>(p), false);
  Eigen::VectorXd r = problem.residuals(result.parameters);
  result.cost = r.squaredNorm();
  if (!std::isfinite(result.cost)) return result;

  auto accept = [&](const Eigen::VectorXd& candidate) {
    const Eigen::VectorXd rc = problem.residuals(candidate);
    const double cost = rc.squaredNorm();
    if (!(std::isfinite(cost) && cost < result.cost)) return false;
    result.parameters = candidate;
    result.cost = cost;
    r = rc;
    return true;
  };
  // The lowest cost among the axis probes, taken when it beats the current one.
  auto probe = [&] {
    Eigen::VectorXd best = result.parameters;
    double best_cost = result.cost;
    for (Eigen::Index k = 0; k < p; ++k)
      for (double sign : {1.0, -1.0}) {
        Eigen::VectorXd c = result.parameters;
        c[k] += sign * options.probe * std::max(1.0, std::abs(c[k]));
        c = bounds.project(c);
        const double cost = problem.residuals(c).squaredNorm();
        if (std::isfinite(cost) && cost < best_cost) best = c, best_cost = cost;
      }
    return best_cost < result.cost && accept(best);
  };

  double lambda = options.initial_damping;
  constexpr double kMaxDamping = 1e16;
  Eigen::VectorXd g;
  for (result.iterations = 0; result.iterations < options.max_iterations; ++result.iterations) {
    const Eigen::MatrixXd j = problem.jacobian(result.parameters);
    g = j.transpose() * r;
    std::vector<Eigen::Index> free;
    for (Eigen::Index k = 0; k < p; ++k)
      if (!bounds.held(result.parameters, g, k)) free.push_back(k);

    bool stepped = false, small = false;
    if (!free.empty()) {
      const auto m = static_cast<Eigen::Index>(free.size());
      Eigen::MatrixXd jf(j.rows(), m);
      Eigen::VectorXd gf(m);
      for (Eigen::Index k = 0; k < m; ++k) jf.col(k) = j.col(free[static_cast<std::size_t>(k)]), gf[k] = g[free[static_cast<std::size_t>(k)]];
      const Eigen::MatrixXd h = jf.transpose() * jf;
      Eigen::VectorXd scale = h.diagonal();
      for (Eigen::Index k = 0; k < scale.size(); ++k) scale[k] = std::max(scale[k], 1e-300);
      while (lambda <= kMaxDamping && gf.allFinite() && gf.norm() > 0) {
        Eigen::MatrixXd damped = h;
        damped.diagonal() += lambda * scale;
        const Eigen::VectorXd delta = damped.ldlt().solve(-gf);
        Eigen::VectorXd candidate = result.parameters;
        for (Eigen::Index k = 0; k < m; ++k) candidate[free[static_cast<std::size_t>(k)]] += delta[k];
        candidate = bounds.project(candidate);
        const Eigen::VectorXd before = result.parameters;
        const double cost_before = result.cost;
        if (accept(candidate)) {
          small = (result.parameters - before).norm() <= options.tolerance * (before.norm() + options.tolerance) ||
                  cost_before - result.cost <= options.tolerance * cost_before;
          lambda = std::max(lambda / 10.0, 1e-15);
          stepped = true;
          break;
        }
        lambda *= 10.0;
      }
    }
    if (stepped && !small) continue;
    // Small steps, or no step at all: a minimum only if no probe nearby does better.
    if (probe()) {
      lambda = options.initial_damping;
      continue;
    }
    result.converged = true;
    ++result.iterations;
    break;
  }
  if (result.converged) {
    g = problem.jacobian(result.parameters).transpose() * r;
    for (Eigen::Index k = 0; k < p; ++k) result.at_bound[static_cast<std::size_t>(k)] = bounds.held(result.parameters, g, k);
  }
  return result;
}

}  // namespace autobench::numerics
