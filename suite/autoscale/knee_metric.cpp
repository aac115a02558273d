// Knee metrics (see knee_metric.hpp).
#include "suite/autoscale/knee_metric.hpp"

#include <stdexcept>

namespace autobench::autoscale {

double metric_value(KneeMetric m, const results::Point& p) {
  return m == KneeMetric::efficiency ? p.efficiency : p.throughput;
}

}  // namespace autobench::autoscale
