// Knee metrics (see knee_metric.hpp).
#include "suite/autoscale/knee_metric.hpp"

#include <stdexcept>

namespace autobench::autoscale {

const char* to_string(KneeMetric m) { return m == KneeMetric::efficiency ? "efficiency" : "throughput"; }

KneeMetric knee_metric_from_string(const std::string& s) {
  if (s == "throughput") return KneeMetric::throughput;
  if (s == "efficiency") return KneeMetric::efficiency;
  throw std::invalid_argument("--knee-metric '" + s + "' is not allowed (allowed: throughput, efficiency)");
}

double metric_value(KneeMetric m, const results::Point& p) {
  return m == KneeMetric::efficiency ? p.efficiency : p.throughput;
}

}  // namespace autobench::autoscale
