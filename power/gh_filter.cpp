// The g–h filter (see gh_filter.hpp).
#include "power/gh_filter.hpp"

#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

#include "power/recursive_filter.hpp"

namespace autobench::power {

std::vector<double> gh_filter(std::span<const double> trace, const GhOptions& options) {
  if (!(options.g > 0.0 && options.g <= 1.0)) {
    throw std::invalid_argument("gh_filter: g = " + std::to_string(options.g) + " is not in (0, 1]");
  }
  if (!(options.h >= 0.0 && options.h < 2.0)) {
    throw std::invalid_argument("gh_filter: h = " + std::to_string(options.h) + " is not in [0, 2)");
  }
  double x = 0.0, v = 0.0;
  return run_recursive_filter(
      trace, [&](double z) { return x = z; },
      [&](double z) {
        const double predicted = x + v;
        if (std::isnan(z)) return x = predicted;
        const double r = z - predicted;
        v += options.h * r;
        return x = predicted + options.g * r;
      });
}

}  // namespace autobench::power
