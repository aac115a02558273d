// One rank's power measurement for a run: power windows on its device's meter, and the correction of
// its calibration (from --calibration, matched by the device's UUID, else its model).
#pragma once

#include <optional>
#include <string>

#include "power/calibration.hpp"
#include "suite/backend/device.hpp"
#include "suite/energy/point_power.hpp"
#include "suite/energy/power_settings.hpp"

namespace autobench::energy {

class RankPower {
 public:
  // Loads the calibration file when one is set (throws std::runtime_error when it cannot be read).
  RankPower(backend::Device& device, const PowerSettings& settings);

  // The power window of a point just measured (nothing when windows are off or there is no sensor).
  void measure(backend::Workload& workload, const kernels::Tunables& config, results::Point& p);
  // A size's timed launches, sampled when they will span enough sensor updates (PointPower::around_timing).
  backend::Timing around_timing(std::uint64_t size, const std::function<backend::Timing()>& timed) {
    return windows_.around_timing(size, timed);
  }
  // The windows chosen once a sweep's knees are known (PointPower::after_sweep).
  void after_sweep(std::vector<results::Campaign>& campaigns, const WorkloadAt& at) { windows_.after_sweep(campaigns, at); }
  // Corrects a finished campaign when a calibration applies (campaign_correction.hpp); returns the warning
  // of the points whose correction was refused ("" when none).
  std::string finish(results::Campaign& c) const;

  // The record applied, as JSON text for DeviceInfo::calibration ("" when none).
  const std::string& calibration_json() const { return calibration_json_; }
  // That another device's record of the same model is used ("" otherwise): for the rank's progress line.
  const std::string& notice() const { return notice_; }
  // Why a calibration file asked for gave nothing for this device, so that its power is not corrected
  // ("" otherwise): a warning printed even by a quiet run.
  const std::string& warning() const { return warning_; }

 private:
  PointPower windows_;
  std::optional<power::CorrectionModel> correction_;
  std::string calibration_json_, notice_, warning_;
  double power_limit_w_ = numerics::kNaN;  // the device's: corrected power far above it is impossible
};

}  // namespace autobench::energy
