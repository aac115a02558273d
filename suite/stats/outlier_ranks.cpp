// Outlier ranks of one device model (see outlier_ranks.hpp).
#include "suite/stats/outlier_ranks.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

#include "numerics/statistics.hpp"
#include "suite/results/knee.hpp"
#include "suite/stats/compare_figures.hpp"

namespace autobench::stats {
namespace {

// The limit of robust_outliers as an absolute deviation from `median`.
double absolute_limit(const std::vector<double>& finite, double median, double k, double min_relative) {
  std::vector<double> deviations;
  for (double v : finite) deviations.push_back(std::abs(v - median));
  return std::max(k * kMadScale * numerics::median(deviations), min_relative * std::abs(median));
}

std::vector<double> finite_of(const std::vector<double>& values) {
  std::vector<double> out;
  std::copy_if(values.begin(), values.end(), std::back_inserter(out), [](double v) { return !std::isnan(v); });
  return out;
}

struct Metric {
  const char* name;
  double OutlierRule::*floor;
  double (*of)(const results::Campaign&);
};

const Metric kMetrics[] = {
    {"plateau", &OutlierRule::min_plateau, [](const results::Campaign& c) { return c.plateau; }},
    {"knee_size", &OutlierRule::min_knee, [](const results::Campaign& c) { return static_cast<double>(c.knee_size); }},
    {"power_at_knee_w", &OutlierRule::min_power,
     [](const results::Campaign& c) { return results::at_knee(c, &results::Point::power_w); }},
};

}  // namespace

std::vector<bool> robust_outliers(const std::vector<double>& values, double k, double min_relative,
                                  std::size_t min_values) {
  std::vector<bool> out(values.size(), false);
  const auto finite = finite_of(values);
  if (finite.size() < min_values || finite.empty()) return out;
  const double median = numerics::median(finite);
  const double limit = absolute_limit(finite, median, k, min_relative);
  for (std::size_t i = 0; i < values.size(); ++i) out[i] = std::abs(values[i] - median) > limit;  // NaN: false
  return out;
}

OutlierScan find_outlier_ranks(const std::vector<results::RankResult>& ranks, const OutlierRule& rule) {
  // model label -> the started ranks of that model
  std::map<std::string, std::vector<const results::RankResult*>> by_model;
  for (const auto& r : ranks) {
    if (r.start_error.empty()) by_model[model_label(r.device.backend, r.device.model)].push_back(&r);
  }
  OutlierScan scan;
  for (const auto& [model, members] : by_model) {
    if (members.size() < rule.min_ranks) continue;
    scan.models.push_back(model + " (" + std::to_string(members.size()) + " ranks)");
    // (kernel, detector) -> metric -> one value per member (NaN: the rank has none)
    std::map<std::pair<std::string, std::string>, std::vector<std::vector<double>>> values;
    for (std::size_t m = 0; m < members.size(); ++m) {
      std::map<std::pair<std::string, std::string>, std::vector<std::vector<double>>> per_campaign;
      for (const auto& c : members[m]->campaigns) {
        if (!finished(c)) continue;
        auto& metrics = per_campaign[{c.kernel, c.detector}];
        metrics.resize(std::size(kMetrics));
        for (std::size_t i = 0; i < std::size(kMetrics); ++i) metrics[i].push_back(kMetrics[i].of(c));
      }
      for (const auto& [key, metrics] : per_campaign) {
        auto& v = values[key];
        v.resize(std::size(kMetrics), std::vector<double>(members.size(), results::kNaN));
        for (std::size_t i = 0; i < std::size(kMetrics); ++i) v[i][m] = numerics::median_or_nan(metrics[i]);
      }
    }
    for (const auto& [key, metrics] : values) {
      for (std::size_t i = 0; i < std::size(kMetrics); ++i) {
        const double floor = rule.*(kMetrics[i].floor);
        const auto flagged = robust_outliers(metrics[i], rule.k, floor, rule.min_ranks);
        if (std::none_of(flagged.begin(), flagged.end(), [](bool b) { return b; })) continue;
        const auto finite = finite_of(metrics[i]);
        const double median = numerics::median(finite);
        const double limit = absolute_limit(finite, median, rule.k, floor) / std::abs(median);
        for (std::size_t m = 0; m < members.size(); ++m) {
          if (!flagged[m]) continue;
          const auto& d = members[m]->device;
          scan.flags.push_back({members[m]->rank, d.hostname, d.pci_bus_id, d.uuid, model, key.first, key.second,
                                kMetrics[i].name, metrics[i][m], median, metrics[i][m] / median - 1.0, limit,
                                finite.size()});
        }
      }
    }
  }
  return scan;
}

}  // namespace autobench::stats
