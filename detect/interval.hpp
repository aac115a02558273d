// A knee's confidence interval in size, from the knees a detector found on resampled (bootstrap) curves.
#pragma once

#include <cstddef>
#include <limits>
#include <optional>
#include <vector>

namespace autobench::detect {

struct KneeInterval {
  double low = std::numeric_limits<double>::quiet_NaN();   // sizes; NaN: no replicate found a knee
  double high = std::numeric_limits<double>::quiet_NaN();
  double found = 0.0;  // fraction of replicates with a knee
};

// The percentile interval of replicate knees on the sizes `x` (strictly increasing): the (1 - level) / 2
// and (1 + level) / 2 quantiles (nearest rank) of the knee indices found, widened to the geometric
// midpoints with the neighbouring sizes, since a knee index stands for every size nearer it than its
// neighbours (at the ends: the end size). Throws std::invalid_argument for a level outside (0, 1) or an
// index outside x.
KneeInterval percentile_interval(const std::vector<double>& x, const std::vector<std::optional<std::size_t>>& knees,
                                 double level = 0.95);

// Whether two intervals share a size (NaN bounds share none).
bool overlap(const KneeInterval& a, const KneeInterval& b);

// The largest number of intervals that share one size (0 when none has bounds).
std::size_t most_overlapping(const std::vector<KneeInterval>& intervals);

}  // namespace autobench::detect
