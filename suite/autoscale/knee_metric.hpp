// Which curve the knee detectors see: throughput (the thesis) or energy efficiency (work per joule).
#pragma once

#include <string>

#include "suite/results/results.hpp"
#include "record/names.hpp"

namespace autobench::autoscale {

enum class KneeMetric { throughput, efficiency };
inline constexpr auto kKneeMetricNames =
    record::names<KneeMetric>("knee metric", {{KneeMetric::throughput, "throughput"}, {KneeMetric::efficiency, "efficiency"}});

// The point's value on that curve: throughput, or efficiency (NaN without a power window).
double metric_value(KneeMetric m, const results::Point& p);

}  // namespace autobench::autoscale
