// The g–h (alpha–beta) filter: a level-and-trend tracker for a power trace.
#pragma once

#include <span>
#include <vector>

namespace autobench::power {

// Per sample (unit time step), with level x and trend v:
//   predict   x⁻ = x + v
//   residual  r  = z − x⁻
//   update    x  = x⁻ + g·r,   v = v + h·r
// The state starts at the first finite sample with zero trend; that sample is output unchanged.
// A NaN sample is not a measurement: the filter outputs the prediction and keeps it as the state.
// Defaults: g = 0.2 with the Benedict–Bordner h = g²/(2 − g), a compromise between noise reduction and
// lag for a level that occasionally steps.
struct GhOptions {
  double g = 0.2;
  double h = 0.2 * 0.2 / (2.0 - 0.2);
};

// Requires 0 < g ≤ 1 and 0 ≤ h < 2 (std::invalid_argument naming the bad value otherwise).
std::vector<double> gh_filter(std::span<const double> trace, const GhOptions& options = {});

}  // namespace autobench::power
