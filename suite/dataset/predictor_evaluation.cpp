// Predictor evaluation (see predictor_evaluation.hpp).
#include "suite/dataset/predictor_evaluation.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>
#include <stdexcept>

#include "numerics/statistics.hpp"

namespace autobench::dataset {

double ape(double measured, double predicted) { return 100.0 * std::abs(predicted - measured) / measured; }

double mape(const std::vector<double>& measured, const std::vector<double>& predicted) {
  if (measured.size() != predicted.size()) throw std::invalid_argument("mape: sizes differ");
  if (measured.empty()) return std::numeric_limits<double>::quiet_NaN();
  double sum = 0;
  for (std::size_t i = 0; i < measured.size(); ++i) sum += ape(measured[i], predicted[i]);
  return sum / static_cast<double>(measured.size());
}

ErrorSummary summarise(const std::vector<double>& measured, const std::vector<double>& predicted) {
  ErrorSummary s;
  s.count = measured.size();
  s.mape = mape(measured, predicted);
  if (measured.empty()) return s;
  std::vector<double> e;
  for (std::size_t i = 0; i < measured.size(); ++i) e.push_back(ape(measured[i], predicted[i]));
  std::sort(e.begin(), e.end());
  s.p10 = numerics::quantile(e, 0.10);
  s.p25 = numerics::quantile(e, 0.25);
  s.p50 = numerics::quantile(e, 0.50);
  s.p75 = numerics::quantile(e, 0.75);
  s.p90 = numerics::quantile(e, 0.90);
  s.max = e.back();
  return s;
}

namespace {

// Fills the report from predictions of the given rows; per_kernel groups them by kernel.
void add(SplitReport& report, const std::vector<Row>& rows, const std::vector<std::size_t>& idx,
         const std::vector<double>& pred, std::vector<double>& all_m, std::vector<double>& all_p) {
  if (pred.size() != idx.size()) throw std::runtime_error("predictor returned " + std::to_string(pred.size()) +
                                                          " predictions for " + std::to_string(idx.size()) + " rows");
  std::map<std::string, std::pair<std::vector<double>, std::vector<double>>> by_kernel;
  for (std::size_t i = 0; i < idx.size(); ++i) {
    const Row& r = rows[idx[i]];
    by_kernel[r.kernel].first.push_back(r.time_us);
    by_kernel[r.kernel].second.push_back(pred[i]);
    all_m.push_back(r.time_us);
    all_p.push_back(pred[i]);
  }
  for (const auto& [k, mp] : by_kernel) report.per_kernel[k] = summarise(mp.first, mp.second);
}

}  // namespace

SplitReport evaluate_random(const std::vector<Row>& rows, const Predictor& predict) {
  SplitReport report;
  report.split = "random";
  std::vector<std::size_t> train, test;
  for (std::size_t i = 0; i < rows.size(); ++i) (rows[i].test ? test : train).push_back(i);
  std::vector<double> m, p;
  if (!test.empty()) add(report, rows, test, predict(rows, train, test), m, p);
  report.overall = summarise(m, p);
  return report;
}

SplitReport evaluate_leave_one_kernel_out(const std::vector<Row>& rows, const Predictor& predict) {
  SplitReport report;
  report.split = "leave-one-kernel-out";
  std::set<std::string> kernels;
  for (const auto& r : rows) kernels.insert(r.kernel);
  std::vector<double> m, p;
  for (const auto& k : kernels) {
    std::vector<std::size_t> train, test;
    for (std::size_t i = 0; i < rows.size(); ++i) (rows[i].kernel == k ? test : train).push_back(i);
    if (train.empty()) continue;  // a kernel alone: a score would be the predictor's untrained guess
    add(report, rows, test, predict(rows, train, test), m, p);
  }
  report.overall = summarise(m, p);
  return report;
}

}  // namespace autobench::dataset
