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
  std::optional<double> temperature_slope_w_per_c;  // α
};

// One measured point of a campaign.
struct MeasuredPower {
  double power_w = numerics::kNaN;        // mean power over the measured window
  double sm_clock_mhz = numerics::kNaN;   // mean SM clock over the same window
  double temperature_c = numerics::kNaN;  // mean temperature over the same window
  double seconds = numerics::kNaN;        // the time whose energy is wanted (e.g. one kernel execution)
};

struct CorrectedPower {
  double power_w = numerics::kNaN;
  double energy_j = numerics::kNaN;  // power_w × seconds
};

// T_ref of a campaign: its lowest finite temperature (NaN when there is none).
double reference_temperature(std::span<const MeasuredPower> campaign);

// Applies the frequency correction (if modelled), then the temperature correction (if modelled, with
// T_ref = reference_temperature(campaign)), then E = P_corr × t, point by point. A point that lacks the
// clock or temperature a requested correction needs gets NaN rather than a silently uncorrected value.
// Throws std::invalid_argument when a frequency model is given without a finite reference clock.
std::vector<CorrectedPower> correct_campaign(std::span<const MeasuredPower> campaign, const CorrectionModel& model);

}  // namespace autobench::power
