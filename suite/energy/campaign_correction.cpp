// Campaign power correction (see campaign_correction.hpp).
#include "suite/energy/campaign_correction.hpp"

#include <vector>

#include <fmt/format.h>

namespace autobench::energy {

std::string correct_campaign(results::Campaign& c, const power::CorrectionModel& model, double power_limit_w) {
  if (!model.frequency && !model.temperature_slope_w_per_c) return "";
  std::vector<power::MeasuredPower> measured;
  measured.reserve(c.points.size());
  for (const auto& p : c.points)
    measured.push_back({p.power_filtered_w, p.power_sm_clock_mhz, p.power_temperature_c, p.time_mean_s});
  const auto corrected = power::correct_campaign(measured, model, power_limit_w);
  std::size_t outside = 0, impossible = 0;
  for (std::size_t i = 0; i < c.points.size(); ++i) {
    auto& p = c.points[i];
    outside += corrected[i].refused == power::Refused::outside_clock_range;
    impossible += corrected[i].refused == power::Refused::impossible;
    p.power_corrected_w = corrected[i].power_w;
    p.energy_corrected_j = corrected[i].energy_j;
    p.efficiency_corrected = p.throughput * p.time_mean_s / p.energy_corrected_j;
  }
  if (model.frequency) c.power_reference_clock_mhz = model.reference_clock_mhz;
  if (model.temperature_slope_w_per_c) c.power_reference_temperature_c = power::reference_temperature(measured);
  if (outside + impossible == 0) return "";
  std::string why;
  if (outside)
    why += fmt::format("clock outside the calibration's {:.0f}-{:.0f} MHz: {}", model.clock_min_mhz,
                       model.clock_max_mhz, outside);
  if (impossible)
    why += fmt::format("{}corrected power negative or above {} x the power limit: {}", why.empty() ? "" : "; ",
                       power::kImpossiblePowerOverLimit, impossible);
  return fmt::format("{}: power not corrected at {} of {} points ({})", c.kernel, outside + impossible,
                     c.points.size(), why);
}

}  // namespace autobench::energy
