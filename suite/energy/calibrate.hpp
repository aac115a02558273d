// Power calibration of one device: its sensor's update period and lag, P(f) and t(f) of the calibration
// kernels over locked SM clocks, and the temperature slope at a fixed clock (power/ fits the models).
// Works on any Device with a power meter and a clock backend: NVML on a GPU, the simulation on sim.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "power/calibration.hpp"
#include "suite/backend/device.hpp"

namespace autobench::energy {

// The fewest distinct clocks a calibration takes: the P(f) fit's 4 parameters + 2.
inline constexpr std::size_t kMinClocks = 6;

struct CalibrateSettings {
  std::vector<unsigned> clocks_mhz;                   // SM clocks to lock (≥ kMinClocks distinct)
  double reference_clock_mhz = 0;                     // f_ref; 0: the highest of clocks_mhz
  std::vector<std::string> kernels{"gemm", "fp32"};   // the first one's P(f) corrects runs
  std::uint64_t size = 0;                             // 0: per kernel, doubled from its start size until a
  double min_launch_s = 2e-3;                         //    launch takes at least min_launch_s
  double window_s = 1.0;                              // power window per clock
  double interval_s = 0.01;                           // sampling interval
  double temperature_s = 30;                          // load at the reference clock for the temperature fit
  double probe_idle_s = 1.0, probe_load_s = 2.0;      // sensor probe: idle, then a load step
};

// Throws std::invalid_argument naming the bad value (fewer than kMinClocks distinct clocks, unknown kernel,
// a non-positive window, interval or temperature time).
void check(const CalibrateSettings& s);

// Locks each clock in turn with power::io::ClockLock (restored after each step, and by
// power::io::restore_all_clock_locks() from the signal handlers the caller installs), runs every kernel's
// best configuration there (tuned once at the default clock): timed launches and a power window. Then,
// at the reference clock, consecutive power windows over temperature_s for P(T). Fits that cannot be
// made (too few distinct values) are left out and said so through `progress`. Throws
// std::runtime_error when the device has no power meter or no clock backend, and power::io::ClockError
// when a clock cannot be locked (not root, or a clock the device refuses).
power::Calibration calibrate(backend::Device& device, const CalibrateSettings& settings,
                             const std::function<void(const std::string&)>& progress = {});

// "1410,1500,1600" or "1000:1980:100" (inclusive, step > 0) → clocks; throws std::invalid_argument.
std::vector<unsigned> parse_clocks(const std::string& spec);

}  // namespace autobench::energy
