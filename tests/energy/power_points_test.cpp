// Which points get a power window and why: the selection rule on curves with known knees, and whole sweeps
// on the sim device (windows only at the chosen points, each point's reason, --power-points all inline).
#include "suite/energy/power_points.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <set>
#include <stdexcept>

#include "suite/autoscale/sweep.hpp"
#include "suite/backend/sim/sim_device.hpp"
#include "suite/energy/point_power.hpp"

namespace autobench::energy {
namespace {

// Sizes 1000·1.25^i, i = 0..40 (about 3.9 decades).
std::uint64_t size_at(int i) { return static_cast<std::uint64_t>(std::llround(1000.0 * std::pow(1.25, i))); }

// A campaign that holds the first `count` sizes with its knee at `knee`.
results::Campaign campaign(int count, int knee, bool detected = true) {
  results::Campaign c;
  for (int i = 0; i < count; ++i) {
    results::Point p;
    p.size = size_at(i);
    c.points.push_back(p);
  }
  c.knee_detected = detected;
  c.knee_index = knee;
  return c;
}

std::map<std::uint64_t, std::string> expect(std::initializer_list<std::pair<int, const char*>> at) {
  std::map<std::uint64_t, std::string> out;
  for (const auto& [i, why] : at) out[size_at(i)] = why;
  return out;
}

// Two detectors on one sweep: A finds the knee at index 25 (its campaign holds 3 post-knee points, up to
// 28), B at 30 (up to 33).
TEST(SelectPowerPoints, KneePolicyTakesEachKneeAndThePlateau) {
  const std::vector<results::Campaign> sweep{campaign(29, 25), campaign(34, 30)};
  EXPECT_EQ(select_power_points(sweep, PowerPoints::knee),
            expect({{25, "knee"}, {27, "post_knee"}, {28, "post_knee"}, {30, "knee"}, {32, "post_knee"}, {33, "post_knee"}}));
}

// Log-spaced at 1 per decade (a factor 10 is 10.3 steps of 1.25): from 1000 (i = 0, nothing chosen within
// a factor 10), the next size no chosen size covers is i = 11 (11.6x i = 0); i = 22 is 11.6x i = 11 but
// within 10x of the knee at 25, so the knee stands for its decade. Knee reasons win over sparse ones.
TEST(SelectPowerPoints, SparsePolicyFillsTheDecadesNoKneeOrPlateauPointCovers) {
  const std::vector<results::Campaign> sweep{campaign(29, 25), campaign(34, 30)};
  EXPECT_EQ(select_power_points(sweep, PowerPoints::sparse),
            expect({{0, "sparse"}, {11, "sparse"}, {25, "knee"}, {27, "post_knee"}, {28, "post_knee"}, {30, "knee"},
                    {32, "post_knee"}, {33, "post_knee"}}));
}

// A knee that counted late (the minimum-runtime safeguard): the campaign holds 20 sizes past its knee; only
// its last two are post-knee windows.
TEST(SelectPowerPoints, OnlyTheLastPointsPastALateCountingKneeArePostKnee) {
  EXPECT_EQ(select_power_points({campaign(30, 9)}, PowerPoints::knee), expect({{9, "knee"}, {28, "post_knee"}, {29, "post_knee"}}));
}

TEST(SelectPowerPoints, WithoutAKneeTheLastPointIsTheAnswer) {
  const std::vector<results::Campaign> sweep{campaign(10, 9, false)};
  EXPECT_EQ(select_power_points(sweep, PowerPoints::knee), expect({{9, "knee"}}));
}

TEST(SelectPowerPoints, PlateauPointsFollowTheKneeBySize) {
  // A refinement point between sizes 20 and 21 is appended last, as refinement does: the points after the
  // knee at 21 are still 22 and 23, and the refinement point below the knee gets no window.
  auto c = campaign(24, 21);
  results::Point refined;
  refined.size = (size_at(20) + size_at(21)) / 2;
  refined.refinement = true;
  c.points.push_back(refined);
  EXPECT_EQ(select_power_points({c}, PowerPoints::knee), expect({{21, "knee"}, {22, "post_knee"}, {23, "post_knee"}}));
}

// Three detectors on one 34-size sweep with knees at 25, 30 and 27: the answer is the lower median, 27.
// On the kernel's first sweep it also gets the sweep's plateau (its last 2 sizes) and the decades (as
// sparse, with 27 standing for its decade); on later sweeps only the answer: 1 window instead of sparse's 9.
TEST(SelectPowerPoints, ConsensusPolicyTakesTheMedianKneeAndTheCurveOnlyOnce) {
  const std::vector<results::Campaign> sweep{campaign(29, 25), campaign(34, 30), campaign(31, 27)};
  EXPECT_EQ(select_power_points(sweep, PowerPoints::consensus, true),
            expect({{0, "sparse"}, {11, "sparse"}, {27, "knee"}, {32, "post_knee"}, {33, "post_knee"}}));
  EXPECT_EQ(select_power_points(sweep, PowerPoints::consensus, false), expect({{27, "knee"}}));
  // sparse, on every sweep: 3 knees, their plateaus (27-30, 32, 33) and 2 decades.
  EXPECT_EQ(select_power_points(sweep, PowerPoints::sparse, false).size(), 9u);
  // Knees not detected do not vote; with none detected the answer is the last point measured.
  const std::vector<results::Campaign> undecided{campaign(29, 25), campaign(34, 33, false)};
  EXPECT_EQ(select_power_points(undecided, PowerPoints::consensus, false), expect({{25, "knee"}}));
  const std::vector<results::Campaign> none{campaign(29, 28, false), campaign(34, 33, false)};
  EXPECT_EQ(select_power_points(none, PowerPoints::consensus, false), expect({{33, "knee"}}));
}

TEST(SelectPowerPoints, AllTakesEveryPointInlineAndNamesAreChecked) {
  EXPECT_TRUE(select_power_points({campaign(29, 25)}, PowerPoints::all).empty());
  EXPECT_EQ(kPowerPointsNames.value("knee"), PowerPoints::knee);
  EXPECT_STREQ(kPowerPointsNames.name(PowerPoints::sparse), "sparse");
  try {
    kPowerPointsNames.value("most");
    FAIL();
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "unknown power points 'most' (allowed: consensus, knee, sparse, all)");
  }
}

// A whole sweep on the sim H100: windows run only at the chosen points (power present exactly there),
// every point says why, and the chosen sizes are those the rule picks from the finished campaigns.
struct SweepRun {
  std::vector<results::Campaign> campaigns;
  int windows = 0;
};

SweepRun sweep_with(const std::string& points, const std::string& kernel, int iterations = 32) {
  backend::sim::SimDevice device(backend::sim::model_named("H100 SXM"), {});
  PowerSettings settings;
  settings.points = points;
  PointPower power(device.power_meter(), settings);
  autoscale::AutoscaleSettings a;
  a.timing.iterations = iterations;
  SweepRun run;
  autoscale::SweepHooks hooks;
  hooks.around_timing = [&](std::uint64_t n, const autoscale::Tuner::Timed& timed) { return power.around_timing(n, timed); };
  hooks.measure_power = [&](backend::Workload& w, const kernels::Tunables& config, results::Point& p) {
    power.measure(w, config, p);
    run.windows += p.power_reason == reason::all;
  };
  hooks.after_sweep = [&](std::vector<results::Campaign>& cs, const autoscale::SweepHooks::WorkloadAt& at) {
    power.after_sweep(cs, [&](std::uint64_t n, const auto& f) {
      ++run.windows;
      return at(n, f);
    });
  };
  run.campaigns = autoscale::run_sweep(device, *kernels::find(kernel), {"kneedle", "triangle"}, a, hooks);
  return run;
}

TEST(PowerPointsSweep, SparseWindowsOnlyWhereChosen) {
  const SweepRun run = sweep_with("sparse", "vecadd");
  ASSERT_EQ(run.campaigns.size(), 2u);
  std::vector<results::Campaign> without_power = run.campaigns;
  const auto chosen = select_power_points(without_power, PowerPoints::sparse);
  EXPECT_EQ(run.windows, static_cast<int>(chosen.size())) << "one window per chosen size, shared by campaigns";
  std::size_t points = 0;
  for (const auto& c : run.campaigns) {
    EXPECT_TRUE(c.knee_detected) << c.detector;
    points = std::max(points, c.points.size());
    EXPECT_EQ(c.points[static_cast<std::size_t>(c.knee_index)].power_reason, "knee");
    for (const auto& p : c.points) {
      const auto it = chosen.find(p.size);
      if (it == chosen.end()) {
        EXPECT_EQ(p.power_reason, "skipped");
        EXPECT_TRUE(std::isnan(p.power_w));
        EXPECT_EQ(p.power_cost_s, 0.0);
      } else {
        EXPECT_EQ(p.power_reason, it->second);
        EXPECT_GT(p.power_w, 50.0) << p.size;
        EXPECT_GT(p.efficiency, 0.0) << p.size;
        EXPECT_GE(p.power_window_s, 0.2 - 1e-9) << "at least 2 of the sim sensor's 100 ms periods";
      }
    }
  }
  EXPECT_LT(chosen.size() * 2, points) << "fewer than half the points get a window";
}

// The default policy on two sweeps of one kernel through one PointPower (two repeats of a rank): the
// first gets the answer, the plateau and the decades, the second only the answer.
TEST(PowerPointsSweep, ConsensusWindowsTheCurveOnTheFirstSweepOnly) {
  backend::sim::SimDevice device(backend::sim::model_named("H100 SXM"), {});
  PointPower power(device.power_meter(), PowerSettings{});
  EXPECT_EQ(power.points(), PowerPoints::consensus) << "the default";
  autoscale::AutoscaleSettings a;
  std::vector<int> windows;
  autoscale::SweepHooks hooks;
  hooks.around_timing = [&](std::uint64_t n, const autoscale::Tuner::Timed& timed) { return power.around_timing(n, timed); };
  hooks.measure_power = [&](backend::Workload& w, const kernels::Tunables& config, results::Point& p) {
    power.measure(w, config, p);
  };
  hooks.after_sweep = [&](std::vector<results::Campaign>& cs, const autoscale::SweepHooks::WorkloadAt& at) {
    power.after_sweep(cs, [&](std::uint64_t n, const auto& f) {
      ++windows.back();
      return at(n, f);
    });
  };
  for (int repeat = 0; repeat < 2; ++repeat) {
    windows.push_back(0);
    const auto campaigns = autoscale::run_sweep(device, *kernels::find("vecadd"), {"kneedle", "triangle", "menger"}, a, hooks);
    const auto chosen = select_power_points(campaigns, PowerPoints::consensus, repeat == 0);
    EXPECT_EQ(windows.back(), static_cast<int>(chosen.size())) << "repeat " << repeat;
    for (const auto& c : campaigns)
      for (const auto& p : c.points) {
        const auto it = chosen.find(p.size);
        EXPECT_EQ(p.power_reason, it == chosen.end() ? "skipped" : it->second) << p.size;
        if (it != chosen.end()) {
          EXPECT_GT(p.power_w, 50.0) << p.size;
        }
      }
  }
  EXPECT_GE(windows[0], 3) << "the answer, the plateau and the decades";
  EXPECT_EQ(windows[1], 1) << "only the answer";
}

TEST(PowerPointsSweep, AllMeasuresEveryPointWhileSweeping) {
  const SweepRun run = sweep_with("all", "gemm");
  for (const auto& c : run.campaigns)
    for (const auto& p : c.points) {
      EXPECT_EQ(p.power_reason, "all");
      EXPECT_TRUE(std::isfinite(p.energy_j)) << p.size;
    }
}

// With 2000 timed launches per size, the larger sizes' own launches last longer than a window's load: they
// take their power from those launches (no window), the others still follow the policy, and the power
// from the launches matches the sim's truth like a window's would.
TEST(PowerPointsSweep, LongTimedLaunchesGivePowerAtNoExtraCost) {
  const SweepRun run = sweep_with("sparse", "gemm", 2000);
  std::size_t own = 0;
  std::set<std::uint64_t> windowed;
  for (const auto& c : run.campaigns)
    for (const auto& p : c.points) {
      if (p.power_reason == "own_launches") {
        ++own;
        EXPECT_GE(p.power_window_s, 0.2 - 1e-9);
        EXPECT_EQ(p.power_launches, 2000) << "the timed launches";
        EXPECT_GT(p.power_w, 200.0);
        EXPECT_NEAR(p.energy_counter_j, p.power_w * p.time_mean_s, 0.03 * p.energy_counter_j);
      }
      if (p.power_reason == "knee" || p.power_reason == "post_knee" || p.power_reason == "sparse") windowed.insert(p.size);
    }
  EXPECT_GT(own, 0u);
  EXPECT_EQ(run.windows, static_cast<int>(windowed.size())) << "windows ran only where no own launches served";
  const SweepRun short_launches = sweep_with("sparse", "gemm");
  for (const auto& c : short_launches.campaigns)
    for (const auto& p : c.points) EXPECT_NE(p.power_reason, "own_launches") << p.size;
}

TEST(PowerPointsSweep, DisabledWindowsSayOff) {
  backend::sim::SimDevice device(backend::sim::model_named("H100 SXM"), {});
  PowerSettings settings;
  settings.window_s = 0;
  PointPower power(device.power_meter(), settings);
  EXPECT_FALSE(power.enabled());
  results::Point p;
  auto w = device.prepare(*kernels::find("vecadd"), 1 << 20);
  power.measure(*w, {}, p);
  EXPECT_EQ(p.power_reason, "off");
  EXPECT_TRUE(std::isnan(p.power_w));
}

}  // namespace
}  // namespace autobench::energy
