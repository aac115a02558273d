// Built-in baselines (see baselines.hpp).
#include "suite/dataset/baselines.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include "model/stepwise.hpp"
#include "numerics/least_squares.hpp"

namespace autobench::dataset {

double analytic_time_us(const Features& f) {
  const double slots = static_cast<double>(std::max(f.occupancy.sm_count, 1)) * std::max(f.occupancy.max_threads_per_sm, 1);
  const double u = std::clamp(f.workgroups * f.block_threads / slots, 1.0 / slots, 1.0);
  const double memory_us = f.bandwidth_gbs > 0 ? f.bytes / (f.bandwidth_gbs * 1e3) : 0.0;
  const double compute_us = f.gflops > 0 ? f.flops / (f.gflops * 1e3) : 0.0;
  return kLaunchLatencyUs + std::max(memory_us, compute_us) / u;
}

std::vector<double> predict_analytic(const std::vector<Row>& rows, const std::vector<std::size_t>&,
                                     const std::vector<std::size_t>& test) {
  std::vector<double> out;
  for (std::size_t i : test) out.push_back(analytic_time_us(rows[i].features));
  return out;
}

namespace {

// The learned baselines' parameters: log2 bytes, flops, workgroups, block threads and analytic time, and
// the regime (0 idle, 1 under, 2 full).
const std::vector<std::string> kParameters{"log2_bytes", "log2_flops", "log2_workgroups", "log2_block_threads",
                                           "log2_analytic_us", "regime"};

std::vector<double> parameters(const Features& f) {
  auto l2 = [](double v) { return std::log2(std::max(v, 1.0)); };
  return {l2(f.bytes), l2(f.flops), l2(f.workgroups), l2(f.block_threads), std::log2(analytic_time_us(f)),
          static_cast<double>(f.regime)};
}

// The regression's columns: an intercept, the numeric parameters, and indicators of idle and under.
std::vector<double> regressors(const Features& f) {
  std::vector<double> x{1.0};
  const std::vector<double> v = parameters(f);
  x.insert(x.end(), v.begin(), v.end() - 1);
  x.push_back(f.regime == Regime::idle ? 1.0 : 0.0);
  x.push_back(f.regime == Regime::under ? 1.0 : 0.0);
  return x;
}

}  // namespace

std::vector<double> predict_regression(const std::vector<Row>& rows, const std::vector<std::size_t>& train,
                                       const std::vector<std::size_t>& test) {
  if (train.empty()) return predict_analytic(rows, train, test);  // nothing to learn from
  const std::size_t p = regressors(rows[train[0]].features).size();
  Eigen::MatrixXd x(static_cast<Eigen::Index>(train.size()), static_cast<Eigen::Index>(p));
  Eigen::VectorXd y(static_cast<Eigen::Index>(train.size()));
  for (std::size_t r = 0; r < train.size(); ++r) {
    const std::vector<double> f = regressors(rows[train[r]].features);
    for (std::size_t k = 0; k < p; ++k) x(static_cast<Eigen::Index>(r), static_cast<Eigen::Index>(k)) = f[k];
    y(static_cast<Eigen::Index>(r)) = std::log2(rows[train[r]].time_us);
  }
  const Eigen::VectorXd b = numerics::linear_least_squares(x, y);
  std::vector<double> out;
  for (std::size_t i : test) {
    const std::vector<double> f = regressors(rows[i].features);
    double log2_t = 0;
    for (std::size_t k = 0; k < p; ++k) log2_t += b(static_cast<Eigen::Index>(k)) * f[k];
    out.push_back(std::exp2(log2_t));
  }
  return out;
}

std::vector<double> predict_stargazer(const std::vector<Row>& rows, const std::vector<std::size_t>& train,
                                      const std::vector<std::size_t>& test) {
  if (train.empty()) return predict_analytic(rows, train, test);  // nothing to learn from
  std::vector<model::Row> x;
  std::vector<double> y;
  for (std::size_t i : train) {
    x.push_back(parameters(rows[i].features));
    y.push_back(std::log2(rows[i].time_us));
  }
  model::ParameterCoding coding;
  coding.categorical = {"regime"};
  coding.numeric.assign(kParameters.begin(), kParameters.end() - 1);
  const model::Selection fit = model::select(kParameters, x, y, model::StepwiseOptions{}, coding);
  std::vector<double> out;
  for (std::size_t i : test) out.push_back(std::exp2(fit.model.predict(parameters(rows[i].features))));
  return out;
}

}  // namespace autobench::dataset
