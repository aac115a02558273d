// `autobench-mpi calibrate`: power calibration of each device (suite/energy/calibrate.hpp) into a
// reusable calibration file, and `calibrate --restore-clocks` to reset locked clocks by hand.
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>
#include <fmt/format.h>

#include "power/io/clock_lock.hpp"
#include "power/io/nvml_clock_backend.hpp"
#include "power/io/nvml_library.hpp"
#include "suite/backend/factory.hpp"
#include "suite/backend/sim/sim_model.hpp"
#include "suite/cli/commands.hpp"
#include "suite/cli/errors.hpp"
#include "suite/cli/output_option.hpp"
#include "suite/cli/option_binding.hpp"
#include "suite/control/stop_signals.hpp"
#include "suite/energy/calibrate.hpp"
#include "suite/files/atomic_file.hpp"

namespace autobench::cli {
namespace {

struct CalibrateOptions {
  std::string backend = "auto";
  std::string sim_device = "H100 SXM";
  std::vector<int> devices;  // empty: every visible GPU
  std::string clocks;
  double reference_clock_mhz = 0;
  std::vector<std::string> kernels{"gemm", "fp32"};
  std::int64_t size = 0;
  double window_s = 1.0, interval_s = 0.01, temperature_s = 30;  // typed in ms, ms and s
  std::uint64_t seed = 1;
  std::string output = "calibration.json";
  bool restore_clocks = false;
};

// `calibrate`'s options, in --help order (the calibration file holds what was measured, not these).
const std::vector<campaign::Option<CalibrateOptions>>& calibrate_options() {
  using C = CalibrateOptions;
  namespace L = campaign::limits;
  using campaign::kBackendOption, campaign::kSimDeviceOption, campaign::kSeedOption;
  static const std::vector<campaign::Option<C>> table = {
      {kBackendOption.name, "", kBackendOption.help, nullptr, +[](C& o) -> auto& { return o.backend; }},
      {kSimDeviceOption.name, "", kSimDeviceOption.help, nullptr, +[](C& o) -> auto& { return o.sim_device; }},
      {"devices", "", "GPU indices to calibrate, comma-separated (default: every visible GPU)", nullptr,
       +[](C& o) -> auto& { return o.devices; }},
      {"clocks", "", "SM clocks to lock, MHz: a list 1200,1500,... or a range LO:HI:STEP (at least 5; locking needs "
       "root)",
       nullptr, +[](C& o) -> auto& { return o.clocks; }},
      {"reference-clock", "", "f_ref of the frequency correction, MHz (default: the highest of --clocks)", nullptr,
       +[](C& o) -> auto& { return o.reference_clock_mhz; }, &L::reference_clock_mhz},
      {"kernels", "", "Calibration kernels; the first one's P(f) corrects runs", nullptr,
       +[](C& o) -> auto& { return o.kernels; }},
      {"size", "", "Problem size of every kernel (default: doubled until a launch takes 2 ms)", nullptr,
       +[](C& o) -> auto& { return o.size; }, &L::start_size},
      {"power-window-ms", "", "Power window per clock", nullptr, +[](C& o) -> auto& { return o.window_s; },
       &L::power_window_ms},
      {"power-interval-ms", "", "Time between power sensor readings", nullptr,
       +[](C& o) -> auto& { return o.interval_s; }, &L::power_interval_ms},
      {"temperature-s", "", "Seconds of load at the reference clock for the temperature slope (0: no temperature "
       "fit)",
       nullptr, +[](C& o) -> auto& { return o.temperature_s; }, &L::temperature_s},
      {kSeedOption.name, "", kSeedOption.help, nullptr, +[](C& o) -> auto& { return o.seed; }, kSeedOption.limit},
      {"output", "", "Calibration file; records of other devices in it are kept", nullptr,
       +[](C& o) -> auto& { return o.output; }},
      {"restore-clocks", "", "Only reset locked and application clocks of every GPU (after a crash), then exit",
       nullptr, +[](C& o) -> auto& { return o.restore_clocks; }},
  };
  return table;
}

std::string host() {
  char buf[256] = {};
  return gethostname(buf, sizeof buf - 1) == 0 ? buf : "";
}

// Resets locked and application clocks of every GPU NVML sees.
void restore_clocks(const std::string& backend) {
  if (backend == "sim") {
    fmt::print("sim: no clocks to restore (sim clock locks end with the process)\n");
    return;
  }
  power::io::nvml::Library nvml;
  if (!nvml.available()) throw RunFailure("--restore-clocks: NVML is not available (" + nvml.unavailable_reason() + ")");
  int failures = 0, gpus = 0;
  for (unsigned i = 0; i < 64; ++i) {
    const auto device = nvml.device_by_index(i);
    if (!device) break;
    ++gpus;
    power::io::NvmlClockBackend clocks(nvml.api(), *device);
    const int locked = clocks.reset_locked_clocks(), application = clocks.reset_application_clocks();
    fmt::print("GPU {}: locked clocks reset: {}; application clocks reset: {}\n", i,
                clocks.describe(locked).c_str(), clocks.describe(application).c_str());
    failures += (locked != 0) + (application != 0);
  }
  if (gpus == 0) throw RunFailure("--restore-clocks: NVML sees no GPU");
  if (failures) throw RunFailure("--restore-clocks: " + std::to_string(failures) + " reset(s) failed (root needed?)");
}

void print_summary(const power::Calibration& c) {
  fmt::print("{} ({}): f_ref {:.0f} MHz, sensor update {:.1f} ms, lag {:.1f} ms\n", c.device_model.c_str(),
              c.device_uuid.c_str(), c.reference_clock_mhz, c.sensor_update_period_s * 1e3, c.sensor_lag_s * 1e3);
  for (const auto& k : c.kernels) {
    if (k.power_frequency) {
      const auto& m = *k.power_frequency;
      const auto& se = k.power_frequency_se;
      fmt::print("  {:<6} P(f) = P_static + a*f*V(f)^2, V = 1 + k*(f - f_r) above f_r: P_static {:.4g} +- {:.2g} W, "
                  "a {:.4g} +- {:.2g} W/MHz, k {:.4g} +- {:.2g} /MHz, f_r {:.0f} +- {:.2g} MHz; R^2 {:.5f}, RMSE {:.3g} W ({} points)\n",
                  k.kernel.c_str(), m.static_w, se.static_w, m.dynamic_w_per_mhz, se.dynamic_w_per_mhz,
                  m.voltage_slope_per_mhz, se.voltage_slope_per_mhz, m.ridge_mhz, se.ridge_mhz,
                  k.power_frequency_fit.r_squared, k.power_frequency_fit.rmse, k.power_frequency_fit.points);
    }
    if (k.scaling_time)
      fmt::print("  {:<6} t(f) = t_fixed + W/f: t_fixed {:.4g} +- {:.2g} s, W {:.4g} +- {:.2g} s*MHz; R^2 {:.6f}, RMSE {:.3g} s\n",
                  k.kernel.c_str(), k.scaling_time->fixed_s, k.scaling_time_se.fixed_s, k.scaling_time->work_s_mhz,
                  k.scaling_time_se.work_s_mhz, k.scaling_time_fit.r_squared, k.scaling_time_fit.rmse);
    if (k.time_frequency) {
      const auto& m = *k.time_frequency;
      const auto& se = k.time_frequency_se;
      fmt::print("  {:<6} t(f) = a/(1 + b*f) + c/(1 + d*f) (thesis): a {:.4g} +- {:.2g}, b {:.4g} +- {:.2g}, c {:.4g} +- {:.2g}, "
                  "d {:.4g} +- {:.2g}; R^2 {:.6f}, RMSE {:.3g} s\n",
                  k.kernel.c_str(), m.a, se.a, m.b, se.b, m.c, se.c, m.d, se.d, k.time_frequency_fit.r_squared,
                  k.time_frequency_fit.rmse);
    }
  }
  if (c.temperature)
    fmt::print("  P(T) at {:.0f} MHz = {:.4g} + {:.4g}*T: alpha {:.4g} W/C, R^2 {:.4f} ({} windows)\n", c.temperature_clock_mhz,
                c.temperature->intercept_w, c.temperature->slope_w_per_c, c.temperature->slope_w_per_c,
                c.temperature_fit.r_squared, c.temperature_fit.points);
}

void run_calibrate(const CalibrateOptions& o) {
  if (o.backend != "auto" && o.backend != "cuda" && o.backend != "sim")
    throw UsageError("--backend '" + o.backend + "' is not allowed (allowed: auto, cuda, sim)");
  const int gpus = backend::visible_cuda_devices();
  const std::string backend_name = o.backend == "auto" ? (gpus > 0 ? "cuda" : "sim") : o.backend;
  if (backend_name == "cuda" && !backend::cuda_backend_built())
    throw UsageError("--backend cuda is not available: this binary was built without CUDA (allowed: sim)");
  if (o.restore_clocks) return restore_clocks(backend_name);

  energy::CalibrateSettings s;
  try {
    if (o.clocks.empty()) throw std::invalid_argument("--clocks is required (a list 1200,1500,... or LO:HI:STEP in MHz)");
    s.clocks_mhz = energy::parse_clocks(o.clocks);
    s.reference_clock_mhz = o.reference_clock_mhz;
    s.kernels = o.kernels;
    if (o.size < 0) throw std::invalid_argument("--size " + std::to_string(o.size) + " is not allowed: must be > 0");
    s.size = static_cast<std::uint64_t>(o.size);
    s.window_s = o.window_s;
    s.interval_s = o.interval_s;
    s.temperature_s = o.temperature_s;
    energy::check(s);
    if (backend_name == "sim" && !backend::sim::find_model(o.sim_device))
      backend::sim::model_named(o.sim_device);  // throws naming the known models
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  check_output_file("", "--output", o.output);  // before any work
  power::CalibrationStore store;
  try {
    store = power::CalibrationStore::load(o.output);
  } catch (const std::exception& e) {
    throw UsageError(std::string("--output: ") + e.what());
  }
  if (backend_name == "cuda" && gpus == 0) throw RunFailure("--backend cuda: no GPU visible");
  if (backend_name == "sim")
    fmt::print("notice: calibrating the sim device '{}' (a simulated sensor and clock; no GPU measurement)\n",
                o.sim_device.c_str());

  std::vector<int> indices = o.devices;
  if (indices.empty()) {
    if (backend_name == "sim") indices = {0};
    for (int i = 0; backend_name == "cuda" && i < gpus; ++i) indices.push_back(i);
  }
  for (int i : indices)
    if (i < 0 || (backend_name == "cuda" && i >= gpus))
      throw UsageError("--devices " + std::to_string(i) + " is not allowed (allowed: 0.." + std::to_string(gpus - 1) + ")");

  // Clock locks are restored by ClockLock on every normal and error path; the stop handler restores them
  // on SIGINT, SIGTERM and SIGUSR1 before the process ends as the signal would end it.
  control::install_stop_handlers(control::OnSignal::end_now);
  for (int i : indices) {
    std::unique_ptr<backend::Device> device;
    try {
      device = backend::open_device({backend_name, o.sim_device, i, i, backend_name == "cuda" ? gpus : 1, o.seed, host(), 0});
    } catch (const std::exception& e) {
      throw RunFailure("device " + std::to_string(i) + ": " + e.what());
    }
    fmt::print("calibrating device {}: {} ({})\n", i, device->info().name.c_str(), device->info().uuid.c_str());
    std::fflush(stdout);
    power::Calibration c;
    try {
      c = energy::calibrate(*device, s, [](const std::string& line) {
        fmt::print("  {}\n", line.c_str());
        std::fflush(stdout);
      });
    } catch (const power::io::ClockError& e) {
      throw RunFailure("device " + std::to_string(i) + ": clock lock failed: " + e.what() +
                       " (locking clocks needs root and a clock the GPU supports)");
    } catch (const std::exception& e) {
      throw RunFailure("device " + std::to_string(i) + ": calibration failed: " + e.what());
    }
    print_summary(c);
    store.put(std::move(c));
    try {
      files::write_file_atomically(o.output, store.text());
    } catch (const std::exception& e) {
      throw RunFailure(e.what());
    }
  }
  fmt::print("calibration written to {} (use: autobench-mpi --calibration {} ...)\n", o.output.c_str(), o.output.c_str());
}

}  // namespace

void add_calibrate_command(CLI::App& app) {
  auto o = std::make_shared<CalibrateOptions>();
  auto* cmd = app.add_subcommand("calibrate", "Power calibration per device: sensor update period and lag, P(f) and "
                                              "t(f) over locked SM clocks, temperature slope; into a calibration file");
  cmd->option_defaults()->always_capture_default();
  add_options(*cmd, calibrate_options(), *o);
  cmd->callback([o] { run_calibrate(*o); });
}

}  // namespace autobench::cli
