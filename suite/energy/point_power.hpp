// The power window of one measured point: the kernel repeated with its best configuration while the
// device's sensor is sampled, summarised into the point's power, energy and efficiency fields.
#pragma once

#include <cstdint>
#include <vector>

#include "power/power_meter.hpp"
#include "power/power_window.hpp"
#include "suite/backend/device.hpp"
#include "suite/energy/power_settings.hpp"
#include "suite/energy/trace_filter.hpp"
#include "suite/results/results.hpp"

namespace autobench::energy {

struct WindowPlan {
  double window_s = 1.0;          // the measured window (> 0)
  double interval_s = 0.01;       // sampling interval
  power::SensorTiming sensor;     // lead-in before the window: update period + lag
  TraceFilter filter;
  double batch_s = 0.01;          // launches are issued in batches of about this long
};

struct WindowResult {
  power::WindowMeasurement raw;   // the unfiltered trace over [t0, t1]
  double filtered_power_w = backend::kNaN;  // mean of the filtered trace over [t0, t1]
  std::int64_t launches = 0;      // launches that ran inside [t0, t1]
  double t0_s = backend::kNaN, t1_s = backend::kNaN;
  std::vector<power::Sample> trace;  // every reading, lead-in and tail included
};

// Starts the meter, runs batches of `config` (each about batch_s, from `launch_s` per launch) for the
// sensor's lead-in, then counts the batches that end within the next window_s: t0 is the end of the
// lead-in, t1 the end of the last batch, so the window holds whole batches and lasts at least
// window_s. The load goes on for another lead-in (so the readings and counter updates that arrive
// after t1 still show the load), then the meter stops. The filter runs over the readings from the
// last one at or before t0 on, so it starts from a reading of the load.
WindowResult run_window(backend::Workload& workload, const kernels::Tunables& config, double launch_s,
                        power::PowerMeter& meter, const WindowPlan& plan);

// Writes a window's summary into p: power_w (raw), power_filtered_w, energy_j (filtered mean power ×
// window ÷ launches), energy_counter_j (counter difference ÷ launches), efficiency (throughput ×
// time_mean_s ÷ energy_j), power_window_s, power_launches, power_samples, power_updates, power_sm_clock_mhz,
// power_temperature_c; clock-event reasons are added to p's. A window the trace does not cover
// leaves the power fields NaN.
void fill_point(results::Point& p, const WindowResult& w);

// One rank's power windows: the device's meter and the run's power settings. Disabled (measure() does
// nothing) when the window is 0 or the device has no meter.
class PointPower {
 public:
  // Throws std::invalid_argument for a bad filter spec or a negative window or interval.
  PointPower(power::PowerMeter* meter, const PowerSettings& settings);
  bool enabled() const { return meter_ != nullptr && plan_.window_s > 0; }
  // The sensor's update period and lag (a calibration's measured ones replace the meter's defaults).
  void set_sensor_timing(const power::SensorTiming& timing) { plan_.sensor = timing; }
  const WindowPlan& plan() const { return plan_; }
  // Runs a window for the point p just measured at `config` and fills p's power fields.
  void measure(backend::Workload& workload, const kernels::Tunables& config, results::Point& p);

 private:
  power::PowerMeter* meter_;
  WindowPlan plan_;
};

}  // namespace autobench::energy
