// The power window of one measured point: the kernel repeated with its best configuration while the
// device's sensor is sampled, summarised into the point's power, energy and efficiency fields; and which
// points of a sweep get one (power_points.hpp).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "power/power_meter.hpp"
#include "power/update_window.hpp"
#include "suite/backend/device.hpp"
#include "suite/energy/power_points.hpp"
#include "suite/energy/power_settings.hpp"
#include "suite/energy/trace_filter.hpp"
#include "suite/results/results.hpp"

namespace autobench::energy {

// A derived window holds this many sensor update periods (3 × 100 ms on an H100: 2 to 3 periods of
// counter energy between the first and last update inside the load).
inline constexpr int kWindowUpdates = 3;

struct WindowPlan {
  double window_s = 0;            // measured span: > 0 as given (--power-window-ms); 0: derived
  double interval_s = 0.01;       // sampling interval
  power::SensorTiming sensor;     // update period and lag
  TraceFilter filter;
  double batch_s = 0.01;          // launches are issued in batches of about this long
  // The span the load must hold: window_s, or kWindowUpdates × the sensor's update period.
  double span_s() const { return window_s > 0 ? window_s : kWindowUpdates * sensor.update_period_s; }
};

struct WindowResult {
  power::UpdateWindow window;     // the span between sensor updates inside the load, and its means
  double filtered_power_w = backend::kNaN;  // mean of the filtered instant trace over that span
  std::int64_t launches = 0;      // launches between load_start_s and load_end_s
  double load_start_s = backend::kNaN, load_end_s = backend::kNaN;
  double cost_s = 0;              // wall time the window took (meter start to stop)
  std::vector<power::Sample> trace;  // every reading, lead-out included
  // The window's power: from the energy counter when the sensor has one, else the instant-power mean.
  double power_w() const;
};

// Starts the meter and runs batches of `config` (each about batch_s, from `launch_s` per launch) for
// span_s() + one sampling interval (load_start_s to load_end_s, counting launches); the load goes on for
// the sensor's lag plus one sampling interval more, so that the updates that show the load up to
// load_end_s arrive; then the meter stops. The span between the first and last sensor update inside the
// load (power/update_window.hpp) gives the power; on an H100 (100 ms updates, ~67 ms lag) a derived
// window costs about 0.39 s. The filter runs over the instant readings from the last one at or before
// the span's start on.
WindowResult run_window(backend::Workload& workload, const kernels::Tunables& config, double launch_s,
                        power::PowerMeter& meter, const WindowPlan& plan);

// Writes a window's summary into p: power_w (instant mean), power_filtered_w, energy_counter_j (counter
// power × load time ÷ launches), energy_instant_j (filtered power × the same), energy_j (the counter's
// when there is one, else the instant one), efficiency (throughput × time_mean_s ÷ energy_j),
// power_window_s (the span), power_launches, power_samples, power_updates, power_sm_clock_mhz,
// power_temperature_c, power_cost_s; clock-event reasons are added to p's. A window without two sensor
// updates inside the load leaves the power fields NaN.
void fill_point(results::Point& p, const WindowResult& w);

// Prepares the workload at a size the sweep measured and calls the function with it and that size's
// configuration; false (nothing run) when the run is stopping.
using WorkloadAt =
    std::function<bool(std::uint64_t size, const std::function<void(backend::Workload&, const kernels::Tunables&)>&)>;

// One rank's power windows: the device's meter, the run's power settings and its --power-points policy.
// Disabled (every point's reason `off`) when the window is 0 or the device has no meter.
class PointPower {
 public:
  // Throws std::invalid_argument for bad settings (power_settings.hpp: check).
  PointPower(power::PowerMeter* meter, const PowerSettings& settings);
  bool enabled() const { return meter_ != nullptr && window_s_ != 0; }
  // The sensor's update period and lag (a calibration's measured ones replace the meter's defaults).
  void set_sensor_timing(const power::SensorTiming& timing) { plan_.sensor = timing; }
  const WindowPlan& plan() const { return plan_; }
  PowerPoints points() const { return points_; }
  // Runs a size's timed launches (`timed`), with the meter sampling them when the previous point of the
  // sweep predicts (its time per unit of size × this size × its launches) that they will fill a window's
  // load: then a point whose launches held at least kWindowUpdates − 1 sensor periods takes its power from
  // them at no extra cost (reason `own_launches`; the meter keeps sampling for the sensor's lag after
  // them, without load). Otherwise just runs `timed`.
  backend::Timing around_timing(std::uint64_t size, const std::function<backend::Timing()>& timed);
  // A point just measured at `config`: its own launches' power when around_timing got it; else a window
  // now with --power-points all; reason `off` when disabled; otherwise nothing yet (after_sweep decides).
  void measure(backend::Workload& workload, const kernels::Tunables& config, results::Point& p);
  // After a sweep (and its refinement): windows for the sizes select_power_points picks (first_of_kernel:
  // the first sweep of its kernel this object sees), each measured once and copied to every campaign point
  // of that size with its reason; the others get `skipped` (or `stopped` when `at` refuses because the run
  // is stopping). Ends the sweep for around_timing's prediction.
  void after_sweep(std::vector<results::Campaign>& campaigns, const WorkloadAt& at);

 private:
  power::PowerMeter* meter_;
  double window_s_;
  PowerPoints points_;
  WindowPlan plan_;
  // The sweep's previous point (around_timing's prediction) and the sampled launches of the current one.
  std::uint64_t previous_size_ = 0;
  double previous_timed_s_ = 0;  // its time_mean_s × iterations
  std::uint64_t own_size_ = 0;
  std::optional<WindowResult> own_;
  std::set<std::string> kernels_seen_;  // kernels whose first sweep had its windows (first_of_kernel)
};

}  // namespace autobench::energy
