// A signal that lands during the power windows chosen after a sweep leaves the sweep's campaigns
// incomplete (exit 3, the file marked incomplete) and `--resume` measures the sweep again; a campaign
// journaled as complete with windows `stopped` (an older journal) is not kept as finished either.
#include <gtest/gtest.h>

#include <algorithm>

#include "suite/autoscale/sweep.hpp"
#include "suite/backend/sim/sim_device.hpp"
#include "suite/energy/point_power.hpp"
#include "suite/energy/power_points.hpp"
#include "suite/journal/recovery.hpp"

namespace autobench {
namespace {

// One sweep of vecadd on a sim H100 with the default power windows; the stop flag is raised after
// `windows_before_stop` windows chosen after the sweep (-1: never).
std::vector<results::Campaign> sweep(int windows_before_stop) {
  backend::sim::SimDevice device(backend::sim::model_named("H100 SXM"), {});
  energy::PowerSettings settings;  // sparse points: windows after the sweep
  energy::PointPower power(device.power_meter(), settings);
  bool stop = false;
  int windows = 0;
  autoscale::SweepHooks hooks;
  hooks.stop_requested = [&] { return stop; };
  hooks.around_timing = [&](std::uint64_t n, const autoscale::Tuner::Timed& timed) { return power.around_timing(n, timed); };
  hooks.measure_power = [&](backend::Workload& w, const kernels::Tunables& c, results::Point& p) { power.measure(w, c, p); };
  hooks.after_sweep = [&](std::vector<results::Campaign>& cs, const autoscale::SweepHooks::WorkloadAt& at) {
    power.after_sweep(cs, [&](std::uint64_t size, const auto& f) {
      const bool ran = at(size, f);
      stop = stop || ++windows == windows_before_stop;  // the signal arrives during this window
      return ran;
    });
  };
  return autoscale::run_sweep(device, *kernels::find("vecadd"), {"kneedle", "triangle"}, {}, hooks);
}

bool has_stopped_window(const results::Campaign& c) {
  return std::any_of(c.points.begin(), c.points.end(),
                     [](const results::Point& p) { return p.power_reason == energy::reason::stopped; });
}

campaign::Plan one_sweep_plan() {
  campaign::Plan plan;
  plan.kernels = {"vecadd"};
  plan.detectors = {"kneedle", "triangle"};
  plan.sweeps = {{"vecadd", 0, {"kneedle", "triangle"}}};
  return plan;
}

TEST(StoppedWindows, AnUninterruptedSweepIsFinished) {
  const auto campaigns = sweep(-1);
  ASSERT_EQ(campaigns.size(), 2u);
  for (const auto& c : campaigns) {
    EXPECT_TRUE(c.complete);
    EXPECT_FALSE(has_stopped_window(c));
    EXPECT_TRUE(journal::finished(c));
  }
  EXPECT_TRUE(journal::remaining_plan(one_sweep_plan(), campaigns).sweeps.empty());
}

TEST(StoppedWindows, ASignalDuringTheWindowsAfterASweepLeavesItIncompleteAndToBeMeasuredAgain) {
  const auto campaigns = sweep(1);
  ASSERT_EQ(campaigns.size(), 2u);
  EXPECT_TRUE(std::any_of(campaigns.begin(), campaigns.end(), has_stopped_window)) << "windows were stopped";
  for (const auto& c : campaigns) {
    EXPECT_FALSE(c.complete) << c.detector << ": its windows were not all measured";
    EXPECT_FALSE(journal::finished(c));
  }
  EXPECT_EQ(journal::remaining_plan(one_sweep_plan(), campaigns).sweeps.size(), 1u) << "--resume measures it again";
}

TEST(StoppedWindows, ACampaignJournaledCompleteWithStoppedWindowsIsNotFinished) {
  auto campaigns = sweep(1);
  for (auto& c : campaigns) c.complete = true;  // as journaled before this was fixed
  for (const auto& c : campaigns) {
    if (has_stopped_window(c)) {
      EXPECT_FALSE(journal::finished(c)) << c.detector;
    }
  }
  EXPECT_EQ(journal::remaining_plan(one_sweep_plan(), campaigns).sweeps.size(), 1u);
}

}  // namespace
}  // namespace autobench
