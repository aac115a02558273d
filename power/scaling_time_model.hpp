// The execution-time model t(f) = t_fixed + W/f of a kernel against the SM clock (the default t(f) of a
// calibration), and its linear least-squares fit.
#pragma once

#include <span>

#include "numerics/least_squares.hpp"

namespace autobench::power {

// The part of a launch's time that scales with the SM clock, W/f (W in s·MHz: the clock-bound work), and
// the part that does not, t_fixed (e.g. memory-bound phases, launch overhead). Both are meaningful on
// their own, unlike the interchangeable terms of the thesis form (time_frequency_model.hpp).
struct ScalingTimeModel {
  double fixed_s = numerics::kNaN;     // t_fixed (s, or the unit of the data)
  double work_s_mhz = numerics::kNaN;  // W (s·MHz)

  double time(double f_mhz) const { return fixed_s + work_s_mhz / f_mhz; }
};

struct ScalingTimeFit {
  ScalingTimeModel model;
  ScalingTimeModel standard_error;
  numerics::FitQuality quality;
};

// Ordinary least squares in (1, 1/f) with standard errors (at least 4 distinct clocks: 2 parameters + 2,
// all > 0). Throws std::invalid_argument on too few clocks, a clock of 0, or non-finite values.
ScalingTimeFit fit_scaling_time(std::span<const double> clock_mhz, std::span<const double> time);

}  // namespace autobench::power
