// Frequency and temperature correction of a finished campaign's power (power/corrections.hpp), with the
// references it used recorded on the campaign.
#pragma once

#include <string>

#include "power/corrections.hpp"
#include "suite/results/results.hpp"

namespace autobench::energy {

// For every point with a power window: P_corr from power_filtered_w at the window's mean SM clock and
// temperature (T_ref = the campaign's lowest window temperature), power_corrected_w = P_corr,
// energy_corrected_j = P_corr × time_mean_s, efficiency_corrected = throughput × time_mean_s ÷ that.
// Sets power_reference_clock_mhz (when the model corrects for frequency) and
// power_reference_temperature_c (when it corrects for temperature). A model with no correction changes nothing.
// A point whose correction is refused (power::Refused: a clock outside the calibration's range, an impossible
// value for a device of `power_limit_w`) keeps NaN; returns what was refused, for a warning ("" when nothing):
// "vecadd: power not corrected at 3 of 12 points (clock outside the calibration's 1000-1500 MHz: 3)".
std::string correct_campaign(results::Campaign& c, const power::CorrectionModel& model,
                             double power_limit_w = numerics::kNaN);

}  // namespace autobench::energy
