// Which curve the knee detectors see: throughput (the thesis) or energy efficiency (work per joule).
#pragma once

#include <string>

#include "suite/results/results.hpp"

namespace autobench::autoscale {

enum class KneeMetric { throughput, efficiency };
const char* to_string(KneeMetric m);
KneeMetric knee_metric_from_string(const std::string& s);  // throws std::invalid_argument naming the value

// The point's value on that curve: throughput, or efficiency (NaN without a power window).
double metric_value(KneeMetric m, const results::Point& p);

}  // namespace autobench::autoscale
