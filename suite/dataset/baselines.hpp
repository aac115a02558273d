// The two built-in runtime baselines `evaluate` scores beside any external predictor:
//   analytic:   occupancy regime + roofline: t = latency + max(bytes / bandwidth, flops / peak) / u,
//               u = the launch's share of the device's resident-thread slots (1 from one full wave on);
//   regression: least squares of log2 time on log2 features (bytes, flops, workgroups, block size,
//               the analytic time) and the regime, trained on the split's training rows;
//   stargazer:  the Stargazer stepwise spline regression (model/stepwise.hpp, its default options) of
//               log2 time on the same features, the regime categorical, trained on the same rows.
#pragma once

#include <vector>

#include "suite/dataset/predictor_evaluation.hpp"

namespace autobench::dataset {

inline constexpr double kLaunchLatencyUs = 3.0;  // per-launch overhead the analytic baseline adds

double analytic_time_us(const Features& f);
// The analytic baseline as a Predictor (it needs no training).
std::vector<double> predict_analytic(const std::vector<Row>& rows, const std::vector<std::size_t>& train,
                                     const std::vector<std::size_t>& test);
std::vector<double> predict_regression(const std::vector<Row>& rows, const std::vector<std::size_t>& train,
                                       const std::vector<std::size_t>& test);
std::vector<double> predict_stargazer(const std::vector<Row>& rows, const std::vector<std::size_t>& train,
                                      const std::vector<std::size_t>& test);

}  // namespace autobench::dataset
