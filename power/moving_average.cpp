#include "power/moving_average.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

namespace autobench::power {

std::vector<double> moving_average(std::span<const double> trace, std::size_t window) {
  if (window == 0 || window % 2 == 0) {
    throw std::invalid_argument("moving_average: window " + std::to_string(window) +
                                " is not allowed; it must be an odd number >= 1");
  }
  const std::size_t h = (window - 1) / 2;
  const std::size_t n = trace.size();
  std::vector<double> out(n);
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t lo = i >= h ? i - h : 0;
    const std::size_t hi = std::min(n - 1, i + h);
    double sum = 0.0;
    std::size_t count = 0;
    for (std::size_t k = lo; k <= hi; ++k) {
      if (std::isfinite(trace[k])) {
        sum += trace[k];
        ++count;
      }
    }
    out[i] = count > 0 ? sum / static_cast<double>(count) : std::numeric_limits<double>::quiet_NaN();
  }
  return out;
}

}  // namespace autobench::power
