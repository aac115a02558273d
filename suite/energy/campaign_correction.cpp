// Campaign power correction (see campaign_correction.hpp).
#include "suite/energy/campaign_correction.hpp"

#include <vector>

namespace autobench::energy {

void correct_campaign(results::Campaign& c, const power::CorrectionModel& model) {
  if (!model.frequency && !model.temperature_slope_w_per_c) return;
  std::vector<power::MeasuredPower> measured;
  measured.reserve(c.points.size());
  for (const auto& p : c.points)
    measured.push_back({p.power_filtered_w, p.power_sm_clock_mhz, p.power_temperature_c, p.time_mean_s});
  const auto corrected = power::correct_campaign(measured, model);
  for (std::size_t i = 0; i < c.points.size(); ++i) {
    auto& p = c.points[i];
    p.power_corrected_w = corrected[i].power_w;
    p.energy_corrected_j = corrected[i].energy_j;
    p.efficiency_corrected = p.throughput * p.time_mean_s / p.energy_corrected_j;
  }
  if (model.frequency) c.power_reference_clock_mhz = model.reference_clock_mhz;
  if (model.temperature_slope_w_per_c) c.power_reference_temperature_c = power::reference_temperature(measured);
}

}  // namespace autobench::energy
