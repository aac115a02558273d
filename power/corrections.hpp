// Corrections that make power comparable across clocks and temperatures, and energy from corrected power.
#pragma once

#include <optional>
#include <span>
#include <vector>

#include "power/power_frequency_model.hpp"
#include "power/temperature_model.hpp"

namespace autobench::power {

// Moves a power measured at clock f_k to the reference clock f_ref along the fitted model:
//   P_corr = P_meas − P̂(f_k) + P̂(f_ref)
double correct_for_frequency(double measured_w, double clock_mhz, double reference_clock_mhz,
                             const PowerFrequencyModel& model);

// Removes the leakage gained above the reference temperature:  P_corr = P − α·(T − T_ref)
double correct_for_temperature(double power_w, double temperature_c, double reference_temperature_c,
                               double slope_w_per_c);

// What to correct for. A correction whose model is absent is not applied.
struct CorrectionModel {
  std::optional<PowerFrequencyModel> frequency;
  double reference_clock_mhz = numerics::kNaN;  // f_ref: required when `frequency` is set
  // The SM clocks the P(f) fit measured: a point outside [min, max] (kClockRangeSlack aside) is not corrected
  // (an extrapolation of the fit, e.g. -167 W at 1980 MHz from a 1000-1500 MHz sweep). NaN: no bound known.
  double clock_min_mhz = numerics::kNaN, clock_max_mhz = numerics::kNaN;
  std::optional<double> temperature_slope_w_per_c;  // α
};

// The clock a point may lie beyond the calibration's measured range and still be corrected: the mean SM
// clock of a locked window wobbles by a few MHz around its lock.
inline constexpr double kClockRangeSlackMhz = 15;
// A corrected power above this multiple of the device's power limit is physically impossible (boost and
// transients stay well below it); so is a negative one. Either is refused.
inline constexpr double kImpossiblePowerOverLimit = 2;

// One measured point of a campaign.
struct MeasuredPower {
  double power_w = numerics::kNaN;        // mean power over the measured window
  double sm_clock_mhz = numerics::kNaN;   // mean SM clock over the same window
  double temperature_c = numerics::kNaN;  // mean temperature over the same window
  double seconds = numerics::kNaN;        // the time whose energy is wanted (e.g. one kernel execution)
};

// Why a point's power was not corrected although it was measured.
enum class Refused { no, outside_clock_range, impossible };

struct CorrectedPower {
  double power_w = numerics::kNaN;
  double energy_j = numerics::kNaN;  // power_w × seconds
  Refused refused = Refused::no;     // not `no`: power_w and energy_j are NaN
};

// T_ref of a campaign: its lowest finite temperature (NaN when there is none).
double reference_temperature(std::span<const MeasuredPower> campaign);

// Applies the frequency correction (if modelled), then the temperature correction (if modelled, with
// T_ref = reference_temperature(campaign)), then E = P_corr × t, point by point. A point that lacks the
// clock or temperature a requested correction needs gets NaN rather than a silently uncorrected value; so
// does a point whose clock lies outside the model's measured range (Refused::outside_clock_range) or whose
// corrected power is negative or above kImpossiblePowerOverLimit × `power_limit_w` (Refused::impossible; no
// upper bound when the limit is NaN). Throws std::invalid_argument when a frequency model is given without
// a finite reference clock.
std::vector<CorrectedPower> correct_campaign(std::span<const MeasuredPower> campaign, const CorrectionModel& model,
                                             double power_limit_w = numerics::kNaN);

}  // namespace autobench::power
