// The linear power–temperature model P(T) = P₀ + α·T at a fixed clock, and its fit.
#pragma once

#include <span>

#include "numerics/least_squares.hpp"

namespace autobench::power {

// At a fixed SM clock and load, board power rises with die temperature (leakage) by α W/°C.
struct TemperatureModel {
  double intercept_w = numerics::kNaN;       // P₀: the line's value at 0 °C (an extrapolation, not a physical idle)
  double slope_w_per_c = numerics::kNaN;     // α
  double power_w(double temperature_c) const { return intercept_w + slope_w_per_c * temperature_c; }
};

struct TemperatureFit {
  TemperatureModel model;
  numerics::FitQuality quality;
};

// Ordinary least-squares line through (temperature, power) measured at one fixed clock (≥ 3 points,
// ≥ 2 distinct temperatures). Throws std::invalid_argument otherwise or on non-finite values.
TemperatureFit fit_temperature(std::span<const double> temperature_c, std::span<const double> power_w);

}  // namespace autobench::power
