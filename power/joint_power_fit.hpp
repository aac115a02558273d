// One device's P(f) = P_static + a·f·V(f)² fitted to several calibration kernels at once: the static
// power and the voltage curve belong to the device, only the dynamic coefficient a belongs to a kernel.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "power/power_frequency_model.hpp"

namespace autobench::power {

// One calibration kernel's sweep over locked clocks (time_s may be empty: activity 1 everywhere).
struct KernelSweep {
  std::string kernel;
  std::span<const double> clock_mhz, power_w, time_s;
};

// A kernel's own P_static with the device's voltage curve held fixed (a two-parameter linear fit): the
// check that the shared P_static is one the kernel agrees with.
struct StaticCheck {
  std::string kernel;
  double static_w = numerics::kNaN, standard_error_w = numerics::kNaN;
};

// Two kernels agree when their static powers lie within this many combined standard errors: 2, about a
// 95 % band (at 1, equal devices would be told apart about a third of the time).
inline constexpr double kAgreement = 2.0;

struct JointPowerFit {
  std::vector<PowerFrequencyModel> models;           // one per kernel, in the input order: shared P_static, k, f_r
  std::vector<PowerFrequencyModel> standard_errors;  // of each kernel's model's parameters (full Jacobian)
  numerics::FitQuality quality;                                // over every point, kernels in input order
  std::vector<StaticCheck> per_kernel_static;
  // Every pair of per_kernel_static values differs by at most kAgreement times their combined standard
  // error sqrt(se_i² + se_j²): the kernels agree on one static power.
  bool kernels_agree = false;
};

// Bounded least squares as fit_power_frequency (same bounds, ridge searched on a grid then refined, each
// kernel's dynamic term weighted by its activity), with parameters [P_static, k, f_r, a_1..a_n]. Needs at
// least 3 distinct clocks per kernel and 6 over all. Throws std::invalid_argument naming the kernel and
// what is wrong.
JointPowerFit fit_power_frequency_joint(const std::vector<KernelSweep>& sweeps);

}  // namespace autobench::power
