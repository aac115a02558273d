// What power windows cost, in real time: with --sim-realtime the sim device sleeps through timed launches
// and power windows alike, so a sweep's wall time shows the windows' share. With the default power
// settings (sparse points, derived windows) that share stays within issue 12's budget: the windows take at
// most 0.3 × the rest of the run (the run at most 1.3× the run without windows). Every window would not.
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <set>

#include "suite/autoscale/sweep.hpp"
#include "suite/backend/sim/sim_device.hpp"
#include "suite/energy/point_power.hpp"

namespace autobench::energy {
namespace {

// Realtime factor and timed launches per size: the sim's analytic kernels are short, so many iterations
// stand in for the rest of a point's cost on a GPU (compilation, allocation, verification, tuning: about
// 0.13 s per point in the H100 quick suite of issue 12, 32 s for about 240 points).
constexpr double kRealtime = 0.05;
constexpr int kIterations = 2000;

struct Cost {
  double run_s = 0, windows_s = 0;
  std::size_t points = 0, windows = 0, own = 0;
};

Cost sweep_cost(const std::string& kernel) {
  backend::sim::SimOptions options;
  options.realtime_factor = kRealtime;
  backend::sim::SimDevice device(backend::sim::model_named("H100 SXM"), options);
  PowerSettings settings;  // the defaults: sparse points, derived windows
  PointPower power(device.power_meter(), settings);
  autoscale::AutoscaleSettings a;
  a.timing.iterations = kIterations;
  autoscale::SweepHooks hooks;
  hooks.around_timing = [&](std::uint64_t n, const autoscale::Tuner::Timed& timed) { return power.around_timing(n, timed); };
  hooks.measure_power = [&](backend::Workload& w, const kernels::Tunables& c, results::Point& p) { power.measure(w, c, p); };
  hooks.after_sweep = [&](std::vector<results::Campaign>& cs, const autoscale::SweepHooks::WorkloadAt& at) {
    power.after_sweep(cs, at);
  };
  const auto t0 = std::chrono::steady_clock::now();
  const auto campaigns = autoscale::run_sweep(device, *kernels::find(kernel), {"kneedle", "triangle"}, a, hooks);
  Cost cost;
  cost.run_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::set<std::uint64_t> seen;
  for (const auto& c : campaigns)
    for (const auto& p : c.points)
      if (seen.insert(p.size).second) {
        ++cost.points;
        cost.windows += p.power_reason != "skipped" && p.power_reason != "own_launches";
        cost.own += p.power_reason == "own_launches";
        cost.windows_s += p.power_cost_s;
      }
  return cost;
}

TEST(PowerCost, DefaultWindowsStayWithinTheBudgetOfARealtimeSimRun) {
  Cost total;
  for (const char* kernel : {"vecadd", "gemm"}) {
    const Cost c = sweep_cost(kernel);
    std::printf("%s: %zu points, %zu windows, %zu from their own launches, %.3f s in windows of %.3f s\n", kernel,
                c.points, c.windows, c.own, c.windows_s, c.run_s);
    total.run_s += c.run_s;
    total.windows_s += c.windows_s;
    total.points += c.points;
    total.windows += c.windows;
  }
  const double without = total.run_s - total.windows_s;
  EXPECT_GT(total.windows, 0u);
  EXPECT_GT(total.windows_s, 0.0) << "--sim-realtime makes windows take wall time";
  EXPECT_LE(total.windows_s, 0.3 * without) << "windows cost more than 0.3x the run without them";
  // The same windows at every point would break the budget: the selection is what keeps it.
  const double per_window = total.windows_s / static_cast<double>(total.windows);
  EXPECT_GT(per_window * static_cast<double>(total.points), 0.3 * without);
  // A derived window loads the device for at least 3 sensor periods of 100 ms + 10 ms of simulated time.
  EXPECT_GT(per_window, 0.9 * 0.31 * kRealtime) << "the sim spends the windows' time";
}

}  // namespace
}  // namespace autobench::energy
