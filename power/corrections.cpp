#include "power/corrections.hpp"

#include <cmath>
#include <stdexcept>
#include <string>

namespace autobench::power {

double correct_for_frequency(double measured_w, double clock_mhz, double reference_clock_mhz,
                             const PowerFrequencyModel& model) {
  return measured_w - model.power_w(clock_mhz) + model.power_w(reference_clock_mhz);
}

double correct_for_temperature(double power_w, double temperature_c, double reference_temperature_c,
                               double slope_w_per_c) {
  return power_w - slope_w_per_c * (temperature_c - reference_temperature_c);
}

double reference_temperature(std::span<const MeasuredPower> campaign) {
  double lowest = numerics::kNaN;
  for (const auto& p : campaign) {
    if (std::isfinite(p.temperature_c) && !(p.temperature_c >= lowest)) lowest = p.temperature_c;
  }
  return lowest;
}

std::vector<CorrectedPower> correct_campaign(std::span<const MeasuredPower> campaign, const CorrectionModel& model,
                                             double power_limit_w) {
  if (model.frequency && !std::isfinite(model.reference_clock_mhz)) {
    throw std::invalid_argument("correct_campaign: a frequency correction needs a finite reference clock, got " +
                                std::to_string(model.reference_clock_mhz));
  }
  const double t_ref = reference_temperature(campaign);
  std::vector<CorrectedPower> out;
  out.reserve(campaign.size());
  for (const auto& p : campaign) {
    double w = p.power_w;
    if (model.frequency) {
      w = std::isfinite(p.sm_clock_mhz)
              ? correct_for_frequency(w, p.sm_clock_mhz, model.reference_clock_mhz, *model.frequency)
              : numerics::kNaN;
    }
    if (model.temperature_slope_w_per_c) {
      w = std::isfinite(p.temperature_c)
              ? correct_for_temperature(w, p.temperature_c, t_ref, *model.temperature_slope_w_per_c)
              : numerics::kNaN;
    }
    Refused refused = Refused::no;
    const bool outside = model.frequency && (p.sm_clock_mhz < model.clock_min_mhz - kClockRangeSlackMhz ||
                                             p.sm_clock_mhz > model.clock_max_mhz + kClockRangeSlackMhz);
    if (outside)
      refused = Refused::outside_clock_range;
    else if (w < 0 || w > kImpossiblePowerOverLimit * power_limit_w)  // false for NaN: no limit known
      refused = Refused::impossible;
    if (refused != Refused::no) w = numerics::kNaN;
    out.push_back({w, w * p.seconds, refused});
  }
  return out;
}

}  // namespace autobench::power
