#include "power/gh_filter.hpp"

#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

namespace autobench::power {

std::vector<double> gh_filter(std::span<const double> trace, const GhOptions& options) {
  if (!(options.g > 0.0 && options.g <= 1.0)) {
    throw std::invalid_argument("gh_filter: g = " + std::to_string(options.g) + " is not in (0, 1]");
  }
  if (!(options.h >= 0.0 && options.h < 2.0)) {
    throw std::invalid_argument("gh_filter: h = " + std::to_string(options.h) + " is not in [0, 2)");
  }
  std::vector<double> out(trace.size(), std::numeric_limits<double>::quiet_NaN());
  bool started = false;
  double x = 0.0, v = 0.0;
  for (std::size_t i = 0; i < trace.size(); ++i) {
    const double z = trace[i];
    if (!started) {
      if (std::isfinite(z)) {
        x = z;
        started = true;
        out[i] = x;
      }
      continue;
    }
    const double predicted = x + v;
    if (std::isfinite(z)) {
      const double r = z - predicted;
      x = predicted + options.g * r;
      v += options.h * r;
    } else {
      x = predicted;
    }
    out[i] = x;
  }
  return out;
}

}  // namespace autobench::power
