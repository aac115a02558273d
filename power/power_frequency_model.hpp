// The power–frequency model P(f) = P_static + a·f·V(f)² with a ridge-shaped voltage curve, and its fit.
#pragma once

#include <span>

#include "numerics/least_squares.hpp"

namespace autobench::power {

// Board power at a sustained load as a function of the SM clock f (MHz). The relative voltage V(f)
// stays at 1 up to the ridge frequency f_r and rises linearly above it (the shape used by Kernel
// Tuner's energy module, Schoonhoven et al., PMBS 2022):
//   V(f) = 1                    for f ≤ f_r
//   V(f) = 1 + k·(f − f_r)      for f > f_r
//   P(f) = P_static + a·f·V(f)²
struct PowerFrequencyModel {
  double static_w = numerics::kNaN;        // P_static: frequency-independent power (W)
  double dynamic_w_per_mhz = numerics::kNaN;  // a: dynamic power per MHz at V = 1 (W/MHz)
  double voltage_slope_per_mhz = numerics::kNaN;  // k: relative voltage rise per MHz above the ridge (1/MHz)
  double ridge_mhz = numerics::kNaN;       // f_r

  double voltage(double f_mhz) const;
  double power_w(double f_mhz) const;
};

struct PowerFrequencyFit {
  PowerFrequencyModel model;
  PowerFrequencyModel standard_error;  // of each parameter (NaN where it cannot be estimated)
  numerics::FitQuality quality;
};

// The fit lets the voltage at most double across the measured range: V(f_max) ≤ this. GPU DVFS spans
// about 0.7–1.1 V; without the bound a steep V (3× on the H100 calibration) traded P_static against it.
inline constexpr double kMaxVoltageRatio = 2.0;

// Activity weights w = (f_top·t_top)/(f·t): the cycles a launch takes at the highest clock over those it
// takes at each clock (1 everywhere without times, and for a kernel whose time scales as 1/f). Throws
// std::invalid_argument on mismatched lengths or a launch time that is not a positive number.
Eigen::VectorXd activity_weights(std::span<const double> clock_mhz, std::span<const double> time_s);

// Bounded least-squares fit of the model to (clock, power) measurements at one load (at least 6 distinct
// clocks: 4 parameters + 2). The bounds keep it physical: P_static ≥ 0, a ≥ 0, 0 ≤ k with V(f_max) ≤
// kMaxVoltageRatio, and the ridge inside the measured clock range; a parameter that would leave them stays
// on the bound. The ridge enters
// non-smoothly, so it is first searched on a grid over the measured range below the second-highest clock
// (for each candidate the other three parameters are fitted by Levenberg–Marquardt from the straight-line
// fit moved into the bounds), then all four are refined together from the best candidate (kept only if
// the refinement stays within the voltage bound, which depends on the ridge). Standard
// errors from the Jacobian at the solution (least_squares.hpp). Throws std::invalid_argument on too few
// clocks, mismatched lengths or non-finite values.
//
// With `time_s` (one launch time per clock) the dynamic term of each point is weighted by its activity
// w = (f_top·t_top)/(f·t), the cycles a launch takes at the highest clock f_top over those it takes at f:
// a kernel whose time stops falling with the clock (memory-bound) leaves its SMs idle for more of each
// launch as f rises, so its dynamic power grows more slowly than f·V². The fitted model is then the
// power at the highest clock's activity (w = 1 there; for a compute-bound kernel, t ∝ 1/f and w = 1
// everywhere, the fit without times).
PowerFrequencyFit fit_power_frequency(std::span<const double> clock_mhz, std::span<const double> power_w,
                                      std::span<const double> time_s = {});

}  // namespace autobench::power
