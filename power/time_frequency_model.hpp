// The thesis's execution-time model t(f) = a/(1 + b·f) + c/(1 + d·f) of a kernel against the SM clock, and
// its fit (kept beside the default t_fixed + W/f of scaling_time_model.hpp).
#pragma once

#include <span>

#include "numerics/least_squares.hpp"

namespace autobench::power {

// Two terms that each shrink with the clock at their own rate: typically a clock-bound part (large
// b·f, time ≈ a/(b·f)) and a part that barely scales with the SM clock (d·f ≪ 1, e.g. memory-bound).
// The two terms are interchangeable, so the fit reports them ordered with b ≥ d.
struct TimeFrequencyModel {
  double a = numerics::kNaN;  // s (or any time unit: the fit keeps the unit of the data)
  double b = numerics::kNaN;  // 1/MHz
  double c = numerics::kNaN;
  double d = numerics::kNaN;  // 1/MHz

  double time(double f_mhz) const;
};

struct TimeFrequencyFit {
  TimeFrequencyModel model;
  TimeFrequencyModel standard_error;  // of each parameter (NaN where it cannot be estimated)
  numerics::FitQuality quality;
};

// Least-squares fit to (clock, time) measurements (at least 6 distinct clocks: 4 parameters + 2). For fixed (b, d)
// the model is linear in (a, c), so (b, d) are first searched on a logarithmic grid (b·f_max from 10⁻³
// to 10³, d also 0) with (a, c) solved linearly at each node; Levenberg–Marquardt then refines all four
// from the best node; standard errors from the Jacobian there. Throws std::invalid_argument on too few
// clocks or non-finite values.
TimeFrequencyFit fit_time_frequency(std::span<const double> clock_mhz, std::span<const double> time);

}  // namespace autobench::power
