// Checks of the power settings (see power_settings.hpp).
#include "suite/energy/power_settings.hpp"

#include <cstdio>
#include <filesystem>
#include <stdexcept>
#include <fmt/format.h>

#include "power/calibration.hpp"
#include "suite/energy/power_points.hpp"
#include "suite/energy/trace_filter.hpp"
#include "suite/files/input_file.hpp"

namespace autobench::energy {

void check(const PowerSettings& s) {
  if (s.window_s != kDerivedWindow && !(s.window_s >= 0 && s.window_s <= kMaxWindowS))
    throw std::invalid_argument("--power-window-ms " + fmt::format("{}", s.window_s * 1e3) + " is not allowed: must be in [0, " +
                                fmt::format("{}", kMaxWindowS * 1e3) + "] (0 disables power windows; leave it out for a "
                                "window derived from the sensor)");
  if (!(s.interval_s > 0 && s.interval_s <= kMaxIntervalS))
    throw std::invalid_argument("--power-interval-ms " + fmt::format("{}", s.interval_s * 1e3) + " is not allowed: must be in (0, " +
                                fmt::format("{}", kMaxIntervalS * 1e3) + "]");
  kPowerPointsNames.value_for("--power-points", s.points);
  parse_filter(s.filter);
  if (!s.calibration_file.empty()) {
    try {
      files::check_regular_file(s.calibration_file);  // a FIFO would block the load, a device never end
    } catch (const files::InputRefused& e) {
      const bool missing = !std::filesystem::exists(std::filesystem::symlink_status(s.calibration_file));
      throw std::invalid_argument("--calibration " + std::string(e.what()) +
                                  (missing ? " (create one with `autobench-mpi calibrate`)" : ""));
    }
    try {
      power::CalibrationStore::load(s.calibration_file);
    } catch (const std::exception& e) {
      throw std::invalid_argument("--calibration " + s.calibration_file + ": " + e.what());
    }
  }
}

}  // namespace autobench::energy
