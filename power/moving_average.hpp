// Centred moving average of a power (or any) trace.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

namespace autobench::power {

// out[i] is the mean of the finite values of trace[i−h .. i+h], h = (window − 1)/2. At the edges the
// window is truncated to the samples that exist (the first output averages trace[0..h]), so the output
// has the input's length and no lag. NaN inputs are skipped; an output whose window holds no finite
// value is NaN. `window` must be odd and ≥ 1 (std::invalid_argument otherwise); 1 copies the trace.
std::vector<double> moving_average(std::span<const double> trace, std::size_t window = 9);

}  // namespace autobench::power
