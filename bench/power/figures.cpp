// GPU figures for bench/power/README.md, through the same interfaces a run uses: the NVML update
// periods, the sampler's overhead on kernel time, and a 2000-launch GEMM run cut into windows: the
// spread of raw and corrected power (with the calibration named by $AUTOBENCH_CALIBRATION) and the
// agreement of power × time with the energy counter; and (accuracy) short, sensor-derived power windows
// against 1 s windows at the points named by $AUTOBENCH_POWER_POINTS. A bench program, not a test.
//   bench_power_figures [updates] [overhead] [spread] [accuracy]   (none: all three; exit 77 without a CUDA GPU
//   with NVML, 1 when a sanity check fails: too few NVML updates, counter and power × time > 5 % apart)
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <numeric>
#include <optional>
#include <sstream>
#include <string>
#include <vector>
#include <fmt/format.h>

#include "power/calibration.hpp"
#include "power/corrections.hpp"
#include "power/power_window.hpp"
#include "power/sensor_updates.hpp"
#include "suite/autoscale/tuner.hpp"
#include "numerics/statistics.hpp"
#include "suite/backend/factory.hpp"
#include "suite/energy/point_power.hpp"


namespace autobench {
namespace {

struct Stats {
  double mean = 0, sd = 0, min = 0, max = 0;
};
Stats stats(const std::vector<double>& v) {
  Stats s;
  s.mean = std::accumulate(v.begin(), v.end(), 0.0) / static_cast<double>(v.size());
  for (double x : v) s.sd += (x - s.mean) * (x - s.mean);
  s.sd = std::sqrt(s.sd / static_cast<double>(v.size() - 1));
  s.min = *std::min_element(v.begin(), v.end());
  s.max = *std::max_element(v.begin(), v.end());
  return s;
}
using numerics::median;

// A sanity check on a figure: printed, and remembered for the exit code.
bool g_failed = false;
void check(bool ok, const char* what) {
  fmt::print("  check: {}: {}\n", what, ok ? "ok" : "FAILED");
  g_failed |= !ok;
}

// gemm at size m with its best configuration (tuned with a budget of 32).
struct Load {
  std::unique_ptr<backend::Workload> w;
  kernels::Tunables config;
  double launch_s;
};
Load gemm(backend::Device& device, std::uint64_t m) {
  autoscale::AutoscaleSettings s;
  autoscale::Tuner tuner(s);
  Load l{device.prepare(*kernels::find("gemm"), m), {}, 0};
  l.launch_s = tuner.measure(*l.w, *kernels::find("gemm"), m).time_mean_s;
  l.config = tuner.best();
  fmt::print("gemm m={} [{}]: {:.3f} ms per launch\n", static_cast<unsigned long long>(m),
              kernels::to_string(l.config).c_str(), l.launch_s * 1e3);
  return l;
}

void nvml_update_periods(backend::Device& device) {
  auto& meter = *device.power_meter();
  Load l = gemm(device, 8192);
  const int batch = static_cast<int>(std::ceil(0.01 / l.launch_s));
  meter.start(0.002);
  meter.idle(1.0);
  const double step = meter.now_s();
  while (meter.now_s() < step + 4.0) l.w->run(l.config, batch);
  const double end = meter.now_s();
  meter.idle(1.0);
  const auto trace = meter.stop(meter.now_s());
  fmt::print("NVML trace: {} readings over {:.2f} s\n", trace.size(), trace.back().t_s - trace.front().t_s);
  for (const auto& [name, field] : {std::pair{"instant power", &power::Sample::power_instant_w},
                                    std::pair{"average power", &power::Sample::power_average_w},
                                    std::pair{"energy counter", &power::Sample::energy_j},
                                    std::pair{"temperature", &power::Sample::temperature_c},
                                    std::pair{"SM clock", &power::Sample::sm_clock_mhz}}) {
    const auto u = power::detect_updates(trace, field);
    fmt::print("  {:<15}: {:3} updates, median period {:7.1f} ms (sampled every {:.2f} ms)\n", name, u.indices.size(),
                u.period_s * 1e3, u.sampling_interval_s * 1e3);
  }
  fmt::print("  lag of instant power after the load step: {:.1f} ms\n", power::step_response_lag(trace, step, end) * 1e3);
  const auto u = power::detect_updates(trace);
  check(u.indices.size() > 20u, "more than 20 instant-power updates in 6 s");
}

void sampler_overhead(backend::Device& device) {
  auto& meter = *device.power_meter();
  Load l = gemm(device, 8192);
  const backend::TimingPlan plan{2, 100, false};
  auto mean_time = [&] {
    const auto t = l.w->time(l.config, plan).seconds;
    return std::accumulate(t.begin(), t.end(), 0.0) / static_cast<double>(t.size());
  };
  for (double interval : {0.01, 0.002}) {
    std::vector<double> off, on, ratio;
    for (int round = 0; round < 15; ++round) {
      const double a = mean_time();
      meter.start(interval);
      const double b = mean_time();
      meter.stop(meter.now_s());
      off.push_back(a);
      on.push_back(b);
      ratio.push_back(b / a);
    }
    const auto r = stats(ratio);
    fmt::print("sampler every {:4.1f} ms: kernel {:.4f} ms off, {:.4f} ms on (medians of 15 rounds of 100 launches); "
                "on/off per round: median {:+.3f} %, mean {:+.3f} % +- {:.3f} % (sd)\n",
                interval * 1e3, median(off) * 1e3, median(on) * 1e3, (median(ratio) - 1) * 100, (r.mean - 1) * 100,
                r.sd * 100);
  }
}

void gemm_spread_and_energy(backend::Device& device) {
  auto& meter = *device.power_meter();
  Load l = gemm(device, 24576);
  const int launches = 2000, per_window = 50;
  std::optional<power::CorrectionModel> model;
  if (const char* path = std::getenv("AUTOBENCH_CALIBRATION")) {
    const auto store = power::CalibrationStore::load(path);
    if (const auto match = store.find(device.info().uuid, device.info().model))
      model = match->record->correction_model();
  }
  const double lead = meter.timing().lead_in_s();
  meter.start(0.01);
  const double t_lead = meter.now_s();
  while (meter.now_s() < t_lead + lead) l.w->run(l.config, 1);
  std::vector<double> ends{meter.now_s()};
  for (int done = 0; done < launches; done += per_window) {
    l.w->run(l.config, per_window);
    ends.push_back(meter.now_s());
  }
  const double t_end = meter.now_s();
  while (meter.now_s() < t_end + lead) l.w->run(l.config, 1);
  const auto trace = meter.stop(meter.now_s());

  std::vector<power::MeasuredPower> windows;
  std::vector<double> raw, ratio, temps, clocks;
  for (std::size_t i = 1; i < ends.size(); ++i) {
    const auto m = power::measure_window(trace, ends[i - 1], ends[i]);
    if (!m.covered) {
      check(false, "every window covered by the trace");
      return;
    }
    windows.push_back({m.mean_power_w, m.mean_sm_clock_mhz, m.mean_temperature_c, (ends[i] - ends[i - 1]) / per_window});
    raw.push_back(m.mean_power_w);
    ratio.push_back(m.energy_from_counter_j / m.energy_from_power_j);
    temps.push_back(m.mean_temperature_c);
    clocks.push_back(m.mean_sm_clock_mhz);
  }
  const auto whole = power::measure_window(trace, ends.front(), ends.back());
  const auto r = stats(raw), t = stats(temps), c = stats(clocks), q = stats(ratio);
  fmt::print("{} gemm launches in {} windows of {} ({:.3f} s each, {:.1f} s in all, {:.1f} NVML updates per window)\n",
              launches, raw.size(), per_window, (ends.back() - ends.front()) / static_cast<double>(raw.size()),
              ends.back() - ends.front(), static_cast<double>(whole.power_updates) / static_cast<double>(raw.size()));
  fmt::print("  temperature {:.1f}-{:.1f} C, SM clock {:.0f}-{:.0f} MHz\n", t.min, t.max, c.min, c.max);
  fmt::print("  raw power:       mean {:.2f} W, sd {:.3f} W (CV {:.3f} %), range {:.2f}-{:.2f} W\n", r.mean, r.sd,
              100 * r.sd / r.mean, r.min, r.max);
  if (model) {
    const auto corrected = power::correct_campaign(windows, *model);
    std::vector<double> p;
    for (const auto& w : corrected) p.push_back(w.power_w);
    const auto s = stats(p);
    fmt::print("  corrected power: mean {:.2f} W, sd {:.3f} W (CV {:.3f} %), range {:.2f}-{:.2f} W (f_ref {:.0f} MHz, T_ref {:.1f} C)\n",
                s.mean, s.sd, 100 * s.sd / s.mean, s.min, s.max, model->reference_clock_mhz,
                power::reference_temperature(windows));
  } else {
    fmt::print("  corrected power: no calibration for this GPU in $AUTOBENCH_CALIBRATION\n");
  }
  fmt::print("  energy counter / (power x time) per window: mean {:.4f}, sd {:.4f}, range {:.4f}-{:.4f}; whole run: "
              "{:.1f} J counter vs {:.1f} J power x time (ratio {:.4f})\n",
              q.mean, q.sd, q.min, q.max, whole.energy_from_counter_j, whole.energy_from_power_j,
              whole.energy_from_counter_j / whole.energy_from_power_j);
  check(std::abs(whole.energy_from_counter_j / whole.energy_from_power_j - 1.0) <= 0.05,
        "energy counter and power x time within 5 %");
}

// $AUTOBENCH_POWER_POINTS = "kernel:size,kernel:size,..." (bench/power/gpu_power_points.sh takes the knee
// points of a quick-suite run and their neighbours); $AUTOBENCH_POWER_ROUNDS rounds (default 2) per point,
// each a derived window and a 1 s window back to back (the order alternating between rounds), then a second
// 1 s window. Prints one ACCURACY line per pair and the distribution of short / 1 s for counter power, energy
// per launch and instant power, and of second / first 1 s window for counter power: how much the workload's
// power itself moves between windows, the floor under any comparison of two windows.
void short_vs_second_windows(backend::Device& device) {
  const char* spec = std::getenv("AUTOBENCH_POWER_POINTS");
  if (!spec) {
    fmt::print("accuracy: skipped (set AUTOBENCH_POWER_POINTS=kernel:size,...)\n");
    return;
  }
  const int rounds = std::getenv("AUTOBENCH_POWER_ROUNDS") ? std::atoi(std::getenv("AUTOBENCH_POWER_ROUNDS")) : 2;
  auto& meter = *device.power_meter();
  energy::WindowPlan derived, second;
  derived.sensor = second.sensor = meter.timing();
  second.window_s = 1.0;
  std::vector<double> power_ratio, energy_ratio, instant_ratio, second_ratio;
  std::istringstream in(spec);
  for (std::string item; std::getline(in, item, ',');) {
    const auto colon = item.find(':');
    const kernels::KernelSpec* k = colon == std::string::npos ? nullptr : kernels::find(item.substr(0, colon));
    if (!k) {
      check(false, ("AUTOBENCH_POWER_POINTS item " + item + " names a kernel:size").c_str());
      continue;
    }
    const std::uint64_t n = std::stoull(item.substr(colon + 1));
    autoscale::AutoscaleSettings s;
    autoscale::Tuner tuner(s);
    auto w = device.prepare(*k, n);
    const double launch_s = tuner.measure(*w, *k, n).time_mean_s;
    for (int r = 0; r < rounds; ++r) {
      energy::WindowResult a, b;
      if (r % 2 == 0) {
        a = energy::run_window(*w, tuner.best(), launch_s, meter, derived);
        b = energy::run_window(*w, tuner.best(), launch_s, meter, second);
      } else {
        b = energy::run_window(*w, tuner.best(), launch_s, meter, second);
        a = energy::run_window(*w, tuner.best(), launch_s, meter, derived);
      }
      const energy::WindowResult again = energy::run_window(*w, tuner.best(), launch_s, meter, second);
      second_ratio.push_back(again.power_w() / b.power_w());
      results::Point pa, pb;
      pa.time_mean_s = pb.time_mean_s = launch_s;
      energy::fill_point(pa, a);
      energy::fill_point(pb, b);
      fmt::print("ACCURACY {} {} launch {:.4g} ms | short: span {:.3f} s, cost {:.3f} s, {:.2f} W counter, {:.2f} W instant, "
                  "{:.5g} J/launch | 1 s: span {:.3f} s, cost {:.3f} s, {:.2f} W counter, {:.2f} W instant, {:.5g} J/launch | "
                  "ratio power {:.4f} energy {:.4f} | second 1 s: {:.2f} W counter\n",
                  k->name.c_str(), static_cast<unsigned long long>(n), launch_s * 1e3, pa.power_window_s, pa.power_cost_s,
                  a.power_w(), pa.power_w, pa.energy_j, pb.power_window_s, pb.power_cost_s, b.power_w(), pb.power_w,
                  pb.energy_j, a.power_w() / b.power_w(), pa.energy_j / pb.energy_j, again.power_w());
      power_ratio.push_back(a.power_w() / b.power_w());
      energy_ratio.push_back(pa.energy_j / pb.energy_j);
      instant_ratio.push_back(pa.power_w / pb.power_w);
    }
  }
  if (power_ratio.empty()) return check(false, "accuracy: at least one point measured");
  auto describe = [](const char* what, std::vector<double> v) {
    std::sort(v.begin(), v.end());
    const auto q = [&](double f) { return v[static_cast<std::size_t>(std::lround(f * static_cast<double>(v.size() - 1)))]; };
    int within = 0;
    for (double x : v) within += std::abs(x - 1.0) <= 0.03;
    fmt::print("{:<28} n {}: min {:.4f} p10 {:.4f} median {:.4f} p90 {:.4f} max {:.4f}; within 3 %: {} of {}\n", what,
                v.size(), v.front(), q(0.1), q(0.5), q(0.9), v.back(), within, v.size());
  };
  describe("short/1s counter power", power_ratio);
  describe("short/1s energy per launch", energy_ratio);
  describe("short/1s instant power", instant_ratio);
  describe("1s/1s counter power", second_ratio);
}

}  // namespace
}  // namespace autobench

int main(int argc, char** argv) {
  namespace ab = autobench;
  std::vector<std::string> figures(argv + 1, argv + argc);
  if (figures.empty()) figures = {"updates", "overhead", "spread"};  // accuracy only when asked for
  for (const auto& f : figures) {
    if (f != "updates" && f != "overhead" && f != "spread" && f != "accuracy") {
      fmt::print(stderr, "bench_power_figures: unknown figure '{}' (allowed: updates, overhead, spread, accuracy)\n", f.c_str());
      return 2;
    }
  }
  if (!ab::backend::cuda_backend_built() || ab::backend::visible_cuda_devices() == 0) {
    fmt::print("skipped: no CUDA GPU\n");
    return 77;
  }
  const auto device = ab::backend::open_device({"cuda", "", 0, 0, 1, 1, "", 0});
  if (!device->power_meter()) {
    fmt::print("skipped: no NVML: {}\n", device->info().power_sensor.c_str());
    return 77;
  }
  for (const auto& f : figures) {
    if (f == "updates") ab::nvml_update_periods(*device);
    if (f == "overhead") ab::sampler_overhead(*device);
    if (f == "spread") ab::gemm_spread_and_energy(*device);
    if (f == "accuracy") ab::short_vs_second_windows(*device);
  }
  return ab::g_failed ? 1 : 0;
}
