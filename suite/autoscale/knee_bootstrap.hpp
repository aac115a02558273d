// A campaign knee's 95% interval: bootstrap over each point's launch times, the detector rerun per replicate.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "detect/curve.hpp"
#include "detect/interval.hpp"
#include "kernels/kernel.hpp"
#include "suite/autoscale/autoscale_settings.hpp"
#include "suite/results/results.hpp"

namespace autobench::autoscale {

// Each of `replicates` replicate curves redraws every point's launch times with replacement (as many as
// it has), takes the estimator's time and the kernel's throughput from it, and hands the curve to
// `locate` (the campaign's detector with the parameters its knee counted with). Seeded: the same inputs
// give the same interval. Points without launch times keep their throughput. Returns the percentile
// interval (detect/interval.hpp) of the replicate knees.
detect::KneeInterval bootstrap_knee(const std::vector<results::Point>& points, const kernels::KernelSpec& kernel,
                                    Estimator estimator, std::size_t replicates, std::uint64_t seed,
                                    const std::function<std::optional<std::size_t>(const detect::Curve&)>& locate,
                                    double level = 0.95);

// The time statistic `estimator` of launch times (mean, median or min); NaN when empty.
double estimate(std::vector<double> seconds, Estimator estimator);

}  // namespace autobench::autoscale
