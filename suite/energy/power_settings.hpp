// How a run measures power: which points get a power window, how long it is, the trace filter, the
// sampling interval and the calibration that corrects the readings.
#pragma once

#include <string>

namespace autobench::energy {

// PowerSettings::window_s for a window derived from the sensor (point_power.hpp: kWindowUpdates updates).
inline constexpr double kDerivedWindow = -1.0;
inline constexpr double kMaxWindowS = 60.0;     // longest explicit window
inline constexpr double kMaxIntervalS = 1.0;    // longest sampling interval

struct PowerSettings {
  // Measured span per window (s): kDerivedWindow (default): derived from the sensor's update period and
  // lag; > 0: this long (--power-window-ms); 0: no windows.
  double window_s = kDerivedWindow;
  std::string filter = "none";    // trace filter: none, maf[:W], gh[:G[,H]], kalman[:Q,R] (trace_filter.hpp)
  double interval_s = 0.01;       // time between sensor readings (s)
  std::string calibration_file;   // power calibration to correct with ("": none; see calibrate)
  std::string points = "consensus";  // which points get one: consensus, knee, sparse, all (power_points.hpp)
};

// Throws std::invalid_argument, one line naming the option, its value and what is allowed: a window
// that is not kDerivedWindow and not in [0, kMaxWindowS], an interval not in (0, kMaxIntervalS], unknown
// points or filter, a calibration file that does not exist or is not a calibration file.
void check(const PowerSettings& s);


}  // namespace autobench::energy
