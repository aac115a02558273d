// Replaying knee detection on recorded campaigns gives back the knees the sweeps recorded, for every
// detector and for fixed and noise-aware safeguards, geometric and refined sweeps.
#include "suite/autoscale/replay.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "suite/autoscale/sweep.hpp"
#include "suite/backend/sim/sim_device.hpp"

namespace ab = autobench;

namespace {

struct Case {
  const char* name;
  void (*configure)(ab::autoscale::AutoscaleSettings&);
};

const Case kCases[] = {
    {"thesis", [](ab::autoscale::AutoscaleSettings&) {}},
    {"offline_linear", [](ab::autoscale::AutoscaleSettings& s) {
       s.detector_params.chosen["kneedle.online"] = "false";
       s.detector_params.x_scale = ab::detect::XScale::linear;
     }},
    {"noise_aware", [](ab::autoscale::AutoscaleSettings& s) { s.safeguards.mode = ab::detect::SafeguardMode::noise_aware; }},
    {"refined", [](ab::autoscale::AutoscaleSettings& s) {
       s.sweep = ab::autoscale::SweepMode::adaptive;
       s.refine_precision = 0.05;
     }},
};

std::vector<std::string> every_detector() {
  std::vector<std::string> names;
  for (const auto& e : ab::detect::list()) names.push_back(e.name);
  return names;
}

}  // namespace

TEST(ReplayKnee, GivesBackTheKneeEverySweepRecorded) {
  const auto detectors = every_detector();
  std::size_t knees = 0, refined = 0;
  for (const auto& c : kCases) {
    for (const char* kernel : {"vecadd", "gemm"}) {
      ab::autoscale::AutoscaleSettings s;
      c.configure(s);
      ab::backend::sim::SimDevice dev(*ab::backend::sim::find_model("RTX 4000 Ada"),
                                      ab::backend::sim::SimOptions{3, 0, "testhost", 0});
      const auto campaigns = ab::autoscale::run_sweep(dev, *ab::kernels::find(kernel), detectors, s);
      for (const auto& campaign : campaigns) {
        SCOPED_TRACE(std::string(c.name) + " " + kernel + " " + campaign.detector);
        const auto r = ab::autoscale::replay_knee(campaign.detector, campaign.points, s);
        ASSERT_EQ(r.knee.index.has_value(), campaign.knee_detected);
        if (!campaign.knee_detected) continue;
        ++knees;
        refined += std::any_of(campaign.points.begin(), campaign.points.end(), [](const auto& p) { return p.refinement; });
        EXPECT_EQ(static_cast<std::int64_t>(*r.knee.index), campaign.knee_index);
        EXPECT_NE(std::find(r.knee.all.begin(), r.knee.all.end(), *r.knee.index), r.knee.all.end());
      }
    }
  }
  EXPECT_GE(knees, 40u) << "most of the 56 campaigns should have a knee to compare";
  EXPECT_GE(refined, 10u) << "the refined sweeps should have refinement points";
}

TEST(ReplayKnee, ReportsTheKneeWhereItFirstCountsNotOnTheWholeCurve) {
  // A roofline with its corner at index 10 of 30 points, each taking 2 ms: the knee counts on the first
  // prefix with a knee and stays there however the curve goes on.
  std::vector<ab::results::Point> points;
  for (int i = 0; i < 30; ++i) {
    ab::results::Point p;
    p.size = static_cast<std::uint64_t>(1000 * std::pow(1.1, i));
    p.throughput = i < 10 ? 10.0 * (i + 1) : 100.0 + (i >= 20 ? 50.0 * (i - 19) : 0.0);  // a second rise
    p.time_mean_s = 2e-3;
    p.time_stddev_s = 0.0;
    points.push_back(p);
  }
  const auto r = ab::autoscale::replay_knee("triangle", points, {});
  ASSERT_TRUE(r.knee.index.has_value());
  EXPECT_LT(r.points, points.size());
  EXPECT_LE(*r.knee.index, r.points - 1);

  ab::autoscale::AutoscaleSettings slow;
  slow.safeguards.min_runtime_s = 1.0;  // no point runs long enough: no knee counts
  const auto none = ab::autoscale::replay_knee("triangle", points, slow);
  EXPECT_FALSE(none.knee.index.has_value());
  EXPECT_EQ(none.points, points.size());
}
