// A rank's power measurement (see rank_power.hpp).
#include "suite/energy/rank_power.hpp"

#include <algorithm>
#include <cmath>

#include "suite/energy/campaign_correction.hpp"

namespace autobench::energy {

RankPower::RankPower(backend::Device& device, const PowerSettings& settings)
    : windows_(device.power_meter(), settings) {
  if (settings.calibration_file.empty()) return;
  const auto store = power::CalibrationStore::load(settings.calibration_file);
  const auto& info = device.info();
  power_limit_w_ = info.power_limit_w;
  const auto match = store.find(info.uuid, info.model);
  if (!match) {
    warning_ = "no calibration for " + info.uuid + " (" + info.model + ") in " + settings.calibration_file +
              "; power is not corrected";
    return;
  }
  const power::Calibration& c = *match->record;
  if (!match->same_device)
    notice_ = "using the calibration of " + c.device_uuid + " (same model " + c.device_model + ") from " +
              settings.calibration_file;
  correction_ = c.correction_model();
  calibration_json_ = power::to_json(c).dump();
  if (std::isfinite(c.sensor_update_period_s) && std::isfinite(c.sensor_lag_s))
    windows_.set_sensor_timing({c.sensor_update_period_s, std::max(0.0, c.sensor_lag_s)});
}

void RankPower::measure(backend::Workload& workload, const kernels::Tunables& config, results::Point& p) {
  windows_.measure(workload, config, p);
}

std::string RankPower::finish(results::Campaign& c) const {
  return correction_ ? correct_campaign(c, *correction_, power_limit_w_) : "";
}

}  // namespace autobench::energy
