// Power calibration of a device (see calibrate.hpp).
#include "suite/energy/calibrate.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <set>
#include <sstream>
#include <stdexcept>
#include <fmt/format.h>

#include "power/joint_power_fit.hpp"
#include "power/io/clock_lock.hpp"
#include "power/power_frequency_model.hpp"
#include "power/scaling_time_model.hpp"
#include "power/sensor_updates.hpp"
#include "power/temperature_model.hpp"
#include "suite/autoscale/autoscale_settings.hpp"
#include "suite/autoscale/tuner.hpp"
#include "suite/energy/point_power.hpp"
#include "suite/energy/power_settings.hpp"
#include "suite/results/utc_time.hpp"

namespace autobench::energy {
namespace {

unsigned parse_clock(const std::string& spec, const std::string& item) {
  std::size_t used = 0;
  long v = -1;
  try {
    v = std::stol(item, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used == 0 || used != item.size() || v <= 0 || v > 100000)
    throw std::invalid_argument("--clocks '" + spec + "': '" + item +
                                "' is not a clock in MHz (allowed: a list 1200,1500,... or a range LO:HI:STEP)");
  return static_cast<unsigned>(v);
}

// Mean of the timed launches at the current clock.
double launch_time(backend::Workload& w, const kernels::Tunables& config) {
  const auto t = w.time(config, backend::TimingPlan{1, 10, false}).seconds;
  double sum = 0;
  for (double v : t) sum += v;
  return sum / static_cast<double>(t.size());
}

}  // namespace

std::vector<unsigned> parse_clocks(const std::string& spec) {
  std::vector<unsigned> out;
  if (spec.empty()) throw std::invalid_argument("--clocks is empty (allowed: a list 1200,1500,... or LO:HI:STEP in MHz)");
  if (spec.find(':') != std::string::npos) {
    std::vector<std::string> parts;
    std::istringstream in(spec);
    for (std::string p; std::getline(in, p, ':');) parts.push_back(p);
    if (parts.size() != 3)
      throw std::invalid_argument("--clocks '" + spec + "' is not a range (allowed: LO:HI:STEP, or a list 1200,1500,...)");
    const unsigned lo = parse_clock(spec, parts[0]), hi = parse_clock(spec, parts[1]), step = parse_clock(spec, parts[2]);
    if (lo > hi) throw std::invalid_argument("--clocks '" + spec + "': the range's low end is above its high end");
    for (unsigned f = lo; f <= hi; f += step) out.push_back(f);
    if (out.back() != hi) out.push_back(hi);
  } else {
    std::istringstream in(spec);
    for (std::string item; std::getline(in, item, ',');) out.push_back(parse_clock(spec, item));
  }
  return out;
}

void check(const CalibrateSettings& s) {
  const std::set<unsigned> distinct(s.clocks_mhz.begin(), s.clocks_mhz.end());
  if (distinct.size() < kMinClocks)
    throw std::invalid_argument("--clocks: " + std::to_string(distinct.size()) + " distinct clocks given; the P(f) fit "
                                "has 4 parameters and needs at least " + std::to_string(kMinClocks) +
                                " (parameters + 2, e.g. --clocks 705:1980:255)");
  for (const auto& k : s.kernels)
    if (!kernels::find(k)) throw std::invalid_argument("--kernels: unknown kernel '" + k + "' (see `list`)");
  if (s.kernels.empty()) throw std::invalid_argument("--kernels: at least one calibration kernel is needed");
  if (!(s.window_s > 0))
    throw std::invalid_argument("--power-window-ms " + fmt::format("{}", s.window_s * 1e3) + " is not allowed: must be > 0");
  if (!(s.interval_s > 0))
    throw std::invalid_argument("--power-interval-ms " + fmt::format("{}", s.interval_s * 1e3) + " is not allowed: must be > 0");
  if (!(s.temperature_s >= 0))
    throw std::invalid_argument("--temperature-s " + fmt::format("{}", s.temperature_s) + " is not allowed: must be >= 0");
}

namespace {

using Say = std::function<void(const std::string&)>;

// A calibration kernel's workload and best configuration (tuned at the default clock), at a size whose
// launch is long enough.
struct Load {
  std::unique_ptr<backend::Workload> workload;
  kernels::Tunables config;
  double launch_s = 0;
  std::uint64_t size = 0;
};

Load prepare_load(backend::Device& device, const CalibrateSettings& settings, const std::string& name,
                  const Say& say) {
  const kernels::KernelSpec& k = *kernels::find(name);
  const autoscale::AutoscaleSettings tuning;
  autoscale::Tuner tuner(tuning);
  Load load;
  std::uint64_t n = settings.size ? k.round_size(settings.size) : k.round_size(k.start_size);
  while (true) {
    std::unique_ptr<backend::Workload> w;
    try {
      w = device.prepare(k, n);
    } catch (const backend::OutOfMemory&) {
      if (!load.workload) throw;
      break;  // the previous size is the largest that fits
    }
    const results::Point p = tuner.measure(*w, k, n);
    load = {std::move(w), tuner.best(), p.time_mean_s, n};
    if (settings.size || p.time_mean_s >= settings.min_launch_s) break;
    n = k.round_size(2 * n);
  }
  say(name + ": size " + std::to_string(load.size) + ", best configuration [" + kernels::to_string(load.config) +
      "], " + fmt::format("{:.4g}", load.launch_s * 1e3) + " ms per launch");
  return load;
}

// 1. The sensor: idle, then a load step; its update period and lag (also what later windows plan with).
void probe_sensor(power::PowerMeter& meter, Load& load, const CalibrateSettings& settings, power::Calibration& cal,
                  WindowPlan& plan, const Say& say) {
  const int batch = static_cast<int>(std::clamp(std::ceil(0.01 / load.launch_s), 1.0, 1e6));
  meter.start(settings.interval_s);
  meter.idle(settings.probe_idle_s);
  const double step = meter.now_s();
  while (meter.now_s() < step + settings.probe_load_s) load.workload->run(load.config, batch);
  const double end = meter.now_s();
  meter.idle(settings.probe_idle_s / 2);
  const auto trace = meter.stop(meter.now_s());
  const auto updates = power::detect_updates(trace);
  cal.sensor_update_period_s = updates.period_s;
  cal.sensor_lag_s = power::step_response_lag(trace, step, end);
  say("sensor: " + meter.source() + ", power updates every " + fmt::format("{:.1f}", cal.sensor_update_period_s * 1e3) +
      " ms (sampled every " + fmt::format("{:.1f}", updates.sampling_interval_s * 1e3) + " ms), lag " +
      fmt::format("{:.1f}", cal.sensor_lag_s * 1e3) + " ms");
  if (std::isfinite(cal.sensor_update_period_s) && std::isfinite(cal.sensor_lag_s))
    plan.sensor = {cal.sensor_update_period_s, std::max(0.0, cal.sensor_lag_s)};
}

// 2. Temperature: consecutive windows at the reference clock while the device warms up; P(T).
void calibrate_temperature(power::io::ClockBackend& clocks, power::PowerMeter& meter, Load& load,
                           const CalibrateSettings& settings, const WindowPlan& plan, power::Calibration& cal,
                           const Say& say) {
  power::io::ClockLock lock(clocks, {static_cast<unsigned>(std::lround(cal.reference_clock_mhz)), std::nullopt});
  const double end = meter.now_s() + settings.temperature_s;
  while (meter.now_s() < end) {
    const WindowResult w = run_window(*load.workload, load.config, load.launch_s, meter, plan);
    if (!w.window.covered) continue;
    cal.temperature_c.push_back(w.window.held.mean_temperature_c);
    cal.temperature_power_w.push_back(w.power_w());
  }
  cal.temperature_clock_mhz = cal.reference_clock_mhz;
  try {
    const auto fit = power::fit_temperature(cal.temperature_c, cal.temperature_power_w);
    cal.temperature = fit.model;
    cal.temperature_fit = power::summarize(fit.quality);
    say("temperature at " + fmt::format("{:.0f}", cal.reference_clock_mhz) + " MHz: " + std::to_string(cal.temperature_c.size()) +
        " windows, " + fmt::format("{:.1f}", *std::min_element(cal.temperature_c.begin(), cal.temperature_c.end())) + "-" +
        fmt::format("{:.1f}", *std::max_element(cal.temperature_c.begin(), cal.temperature_c.end())) + " C, alpha " +
        fmt::format("{:.4g}", fit.model.slope_w_per_c) + " W/C, R^2 " + fmt::format("{:.4f}", fit.quality.r_squared));
  } catch (const std::invalid_argument& e) {
    say(std::string("temperature: no fit (") + e.what() + ")");
  }
}

// 3a. One kernel over the locked clocks: launch time and a power window per clock.
void sweep_clocks(power::io::ClockBackend& clocks, power::PowerMeter& meter, Load& load,
                  const CalibrateSettings& settings, const WindowPlan& plan, power::KernelCalibration& kc,
                  const Say& say) {
  for (unsigned f : settings.clocks_mhz) {
    power::io::ClockLock lock(clocks, {f, std::nullopt});
    const double t = launch_time(*load.workload, load.config);
    const WindowResult w = run_window(*load.workload, load.config, t, meter, plan);
    const double clock = std::isfinite(w.window.held.mean_sm_clock_mhz) ? w.window.held.mean_sm_clock_mhz : f;
    kc.locked_clock_mhz.push_back(f);
    kc.clock_mhz.push_back(clock);
    kc.time_s.push_back(t);
    kc.power_w.push_back(w.power_w());
    kc.temperature_c.push_back(w.window.held.mean_temperature_c);
    say(kc.kernel + " at " + std::to_string(f) + " MHz: clock " + fmt::format("{:.0f}", clock) + " MHz, " +
        fmt::format("{:.4g}", t * 1e3) + " ms, " + fmt::format("{:.1f}", w.power_w()) + " W, " +
        fmt::format("{:.1f}", w.window.held.mean_temperature_c) + " C");
  }
}

// 3b. P(f) and t(f) of one kernel's sweep. With α known, every power is moved to the sweep's lowest
// temperature before the P(f) fit.
// The points of a sweep that P(f) is fitted to: finite powers with positive launch times, the powers moved
// to `to_c` when α is known and `to_c` is finite.
struct FitPoints {
  std::vector<double> clock_mhz, power_w, time_s;
};
FitPoints fit_points(const std::optional<power::TemperatureModel>& temperature, const power::KernelCalibration& kc,
                     double to_c) {
  const double alpha = temperature ? temperature->slope_w_per_c : 0.0;
  FitPoints out;
  for (std::size_t i = 0; i < kc.power_w.size(); ++i) {
    const double shift = std::isfinite(to_c) ? alpha * (kc.temperature_c[i] - to_c) : 0.0;
    if (std::isfinite(kc.power_w[i] - shift) && std::isfinite(kc.time_s[i]) && kc.time_s[i] > 0) {
      out.clock_mhz.push_back(kc.clock_mhz[i]);
      out.power_w.push_back(kc.power_w[i] - shift);
      out.time_s.push_back(kc.time_s[i]);
    }
  }
  return out;
}

std::string describe(const power::PowerFrequencyModel& m, const power::PowerFrequencyModel& se, const numerics::FitQuality& q) {
  return "P_static " + fmt::format("{:.4g}", m.static_w) + " +- " + fmt::format("{:.2g}", se.static_w) + " W, a " +
         fmt::format("{:.4g}", m.dynamic_w_per_mhz) + " +- " + fmt::format("{:.2g}", se.dynamic_w_per_mhz) + " W/MHz, k " +
         fmt::format("{:.4g}", m.voltage_slope_per_mhz) + " +- " + fmt::format("{:.2g}", se.voltage_slope_per_mhz) +
         " /MHz, f_r " + fmt::format("{:.0f}", m.ridge_mhz) + " +- " + fmt::format("{:.2g}", se.ridge_mhz) + " MHz, R^2 " +
         fmt::format("{:.5f}", q.r_squared) + ", RMSE " + fmt::format("{:.3g}", q.rmse) + " W";
}

void fit_kernel(const std::optional<power::TemperatureModel>& temperature, power::KernelCalibration& kc,
                const Say& say) {
  if (temperature) {
    for (double t : kc.temperature_c)
      if (std::isfinite(t) && !(t >= kc.fit_temperature_c)) kc.fit_temperature_c = t;
  }
  const FitPoints pts = fit_points(temperature, kc, kc.fit_temperature_c);
  try {
    const auto fit = power::fit_power_frequency(pts.clock_mhz, pts.power_w, pts.time_s);
    kc.power_frequency = fit.model;
    kc.power_frequency_se = fit.standard_error;
    kc.power_frequency_fit = power::summarize(fit.quality);
    say(kc.kernel + " P(f) alone: " + describe(fit.model, fit.standard_error, fit.quality));
  } catch (const std::invalid_argument& e) {
    say(kc.kernel + " P(f): no fit (" + e.what() + ")");
  }
  try {
    const auto fit = power::fit_scaling_time(kc.clock_mhz, kc.time_s);
    kc.scaling_time = fit.model;
    kc.scaling_time_se = fit.standard_error;
    kc.scaling_time_fit = power::summarize(fit.quality);
    say(kc.kernel + " t(f) = t_fixed + W/f: t_fixed " + fmt::format("{:.4g}", fit.model.fixed_s) + " +- " +
        fmt::format("{:.2g}", fit.standard_error.fixed_s) + " s, W " + fmt::format("{:.4g}", fit.model.work_s_mhz) + " +- " +
        fmt::format("{:.2g}", fit.standard_error.work_s_mhz) + " s*MHz, R^2 " + fmt::format("{:.6f}", fit.quality.r_squared));
  } catch (const std::invalid_argument& e) {
    say(kc.kernel + " t(f) = t_fixed + W/f: no fit (" + e.what() + ")");
  }
  try {
    const auto fit = power::fit_time_frequency(kc.clock_mhz, kc.time_s);
    kc.time_frequency = fit.model;
    kc.time_frequency_se = fit.standard_error;
    kc.time_frequency_fit = power::summarize(fit.quality);
    const auto& m = fit.model;
    const auto& se = fit.standard_error;
    say(kc.kernel + " t(f) thesis form: a " + fmt::format("{:.4g}", m.a) + " +- " + fmt::format("{:.2g}", se.a) + " s, b " + fmt::format("{:.4g}", m.b) +
        " +- " + fmt::format("{:.2g}", se.b) + " /MHz, c " + fmt::format("{:.4g}", m.c) + " +- " + fmt::format("{:.2g}", se.c) + " s, d " +
        fmt::format("{:.4g}", m.d) + " +- " + fmt::format("{:.2g}", se.d) + " /MHz, R^2 " + fmt::format("{:.6f}", fit.quality.r_squared));
  } catch (const std::invalid_argument& e) {
    say(kc.kernel + " t(f) thesis form: no fit (" + e.what() + ")");
  }
}

// 3c. The device's P(f) from every kernel at once (power/joint_power_fit.hpp): one P_static and voltage
// curve, one a per kernel, every power moved to the coldest temperature of any kernel's sweep; each
// kernel's own P_static under that curve says whether they agree.
void fit_device(power::Calibration& cal, const Say& say) {
  double coldest = numerics::kNaN;
  for (const auto& kc : cal.kernels)
    if (std::isfinite(kc.fit_temperature_c) && !(kc.fit_temperature_c >= coldest)) coldest = kc.fit_temperature_c;
  std::vector<FitPoints> points;
  std::vector<power::KernelSweep> sweeps;
  for (const auto& kc : cal.kernels) points.push_back(fit_points(cal.temperature, kc, coldest));
  for (std::size_t i = 0; i < points.size(); ++i)
    sweeps.push_back({cal.kernels[i].kernel, points[i].clock_mhz, points[i].power_w, points[i].time_s});
  try {
    const power::JointPowerFit fit = power::fit_power_frequency_joint(sweeps);
    cal.power_frequency = fit.models.front();
    cal.power_frequency_se = fit.standard_errors.front();
    cal.power_frequency_fit = power::summarize(fit.quality);
    cal.power_frequency_kernels.clear();
    for (std::size_t i = 0; i < cal.kernels.size(); ++i) {
      cal.power_frequency_kernels += (i ? "," : "") + cal.kernels[i].kernel;
      cal.kernels[i].static_check_w = fit.per_kernel_static[i].static_w;
      cal.kernels[i].static_check_se_w = fit.per_kernel_static[i].standard_error_w;
      say(cal.kernels[i].kernel + " P_static under the device's voltage curve: " +
          fmt::format("{:.4g} +- {:.2g} W", fit.per_kernel_static[i].static_w, fit.per_kernel_static[i].standard_error_w));
    }
    cal.kernels_agree_on_static = fit.kernels_agree;
    say("device P(f) (" + cal.power_frequency_kernels + " jointly): " +
        describe(fit.models.front(), fit.standard_errors.front(), fit.quality) + "; the kernels " +
        (fit.kernels_agree ? "agree" : "DISAGREE") + " on P_static within twice their combined standard error");
  } catch (const std::invalid_argument& e) {
    say("device P(f) over every kernel: no joint fit (" + std::string(e.what()) + "); the first kernel's fit is used");
  }
}

}  // namespace

power::Calibration calibrate(backend::Device& device, const CalibrateSettings& settings,
                             const std::function<void(const std::string&)>& progress) {
  check(settings);
  const Say say = [&](const std::string& line) {
    if (progress) progress(line);
  };
  power::PowerMeter* meter = device.power_meter();
  if (!meter) throw std::runtime_error("device has no power sensor (" + device.info().power_sensor + ")");
  power::io::ClockBackend* clocks = device.clock_backend();
  if (!clocks) throw std::runtime_error("device cannot lock clocks (" + device.info().power_sensor + ")");

  const auto& info = device.info();
  power::Calibration cal;
  cal.device_uuid = info.uuid;
  cal.device_model = info.model;
  cal.driver_version = info.driver_version;
  cal.hostname = info.hostname;
  cal.created_utc = results::utc_now();
  cal.reference_clock_mhz = settings.reference_clock_mhz > 0
                                ? settings.reference_clock_mhz
                                : *std::max_element(settings.clocks_mhz.begin(), settings.clocks_mhz.end());

  std::vector<Load> loads;
  for (const auto& name : settings.kernels) loads.push_back(prepare_load(device, settings, name, say));

  WindowPlan plan;
  plan.window_s = settings.window_s;
  plan.interval_s = settings.interval_s;
  plan.sensor = meter->timing();
  probe_sensor(*meter, loads.front(), settings, cal, plan, say);
  if (settings.temperature_s > 0) calibrate_temperature(*clocks, *meter, loads.front(), settings, plan, cal, say);

  for (std::size_t i = 0; i < settings.kernels.size(); ++i) {
    power::KernelCalibration kc;
    kc.kernel = settings.kernels[i];
    kc.size = loads[i].size;
    kc.tunables = kernels::to_string(loads[i].config);
    sweep_clocks(*clocks, *meter, loads[i], settings, plan, kc, say);
    fit_kernel(cal.temperature, kc, say);
    cal.kernels.push_back(std::move(kc));
  }

  const auto& first = cal.kernels.front();
  if (first.power_frequency) {
    cal.power_frequency = first.power_frequency;
    cal.power_frequency_se = first.power_frequency_se;
    cal.power_frequency_fit = first.power_frequency_fit;
    cal.power_frequency_kernels = first.kernel;
    cal.frequency_clock_mhz = first.clock_mhz;
    cal.frequency_power_w = first.power_w;
  }
  if (cal.kernels.size() > 1) fit_device(cal, say);
  return cal;
}

}  // namespace autobench::energy
