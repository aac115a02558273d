// How a run measures power: the power window per point, the trace filter, the sampling interval and
// the calibration that corrects the readings.
#pragma once

#include <string>

namespace autobench::energy {

struct PowerSettings {
  double window_s = 1.0;          // power window per point (s): the kernel repeated while sampled; 0: none
  std::string filter = "none";    // trace filter: none, maf[:W], gh[:G[,H]], kalman[:Q,R] (trace_filter.hpp)
  double interval_s = 0.01;       // time between sensor readings (s)
  std::string calibration_file;   // power calibration to correct with ("": none; see calibrate)
};

// Throws std::invalid_argument, one line naming the option, its value and what is allowed: a negative
// window, a non-positive interval, an unknown filter, a calibration file that does not exist or is not
// a calibration file.
void check(const PowerSettings& s);


}  // namespace autobench::energy
