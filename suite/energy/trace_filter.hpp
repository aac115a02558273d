// The filter a run applies to a power trace before averaging it, chosen by name on the command line.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <vector>

#include "power/gh_filter.hpp"
#include "power/kalman_filter.hpp"

namespace autobench::energy {

// none | maf[:W] (centred moving average, odd window W, default 9) | gh[:G[,H]] (g–h filter, default
// g = 0.2, h Benedict–Bordner) | kalman[:Q,R] (1-D Kalman, default Q = 0.01 W², R = 1 W²). Filters run
// over the readings in sample order (power/*.hpp say how); the unfiltered trace is always kept.
struct TraceFilter {
  enum class Kind { none, maf, gh, kalman };
  Kind kind = Kind::none;
  std::size_t window = 9;
  power::GhOptions gh;
  power::KalmanOptions kalman;

  std::vector<double> apply(std::span<const double> trace) const;
  std::string describe() const;  // e.g. "kalman:0.01,1"
};

// Throws std::invalid_argument naming the spec and what is allowed.
TraceFilter parse_filter(const std::string& spec);

}  // namespace autobench::energy
