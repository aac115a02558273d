// Campaigns grouped into sweeps: detectors fed by one sweep share its points (prefixes, refinement points
// inserted in between); campaigns measured separately (--independent-sweeps, other repeats and kernels)
// get sweeps of their own.
#include <gtest/gtest.h>

#include <cmath>

#include "suite/result_file/shared_sweeps.hpp"
#include "tests/results/sample_results.hpp"

namespace autobench::result_file {
namespace {

results::Campaign on_sweep(const std::string& detector, const std::vector<results::Point>& sweep, std::size_t n) {
  results::Campaign c = testing::sample_campaign(0, "vecadd", detector, 0, 3);
  c.points.assign(sweep.begin(), sweep.begin() + static_cast<std::ptrdiff_t>(n));
  return c;
}

std::vector<results::Point> measured(double seconds_scale) {
  std::vector<results::Point> points;
  for (int i = 0; i < 8; ++i) points.push_back(testing::sample_point(1024ULL << i, seconds_scale * (i + 1), false));
  return points;
}

TEST(SharedSweeps, DetectorsOfOneSweepShareItsPointsOnce) {
  const auto sweep = measured(1e-5);
  auto refined = on_sweep("triangle", sweep, 6);
  results::Point between = testing::sample_point(3000, 2.5e-5, true);
  refined.points.insert(refined.points.begin() + 2, between);
  auto corrected = on_sweep("slope", sweep, 4);
  corrected.points[1].power_corrected_w = 99.0;  // its own correction: the same measurement still
  const auto shared = share_sweeps({on_sweep("kneedle", sweep, 8), refined, corrected});

  ASSERT_EQ(shared.sweeps.size(), 1u);
  EXPECT_EQ(shared.sweeps[0].name, "vecadd_repeat0");
  ASSERT_EQ(shared.sweeps[0].points.size(), 9u);  // the 8 sizes and the refinement point
  ASSERT_EQ(shared.refs.size(), 3u);
  EXPECT_TRUE(shared.refs[0].prefix());
  EXPECT_EQ(shared.refs[1].index, (std::vector<std::int64_t>{0, 1, 8, 2, 3, 4, 5}));
  EXPECT_FALSE(shared.refs[1].prefix());
  EXPECT_EQ(shared.refs[2].index, (std::vector<std::int64_t>{0, 1, 2, 3}));
  EXPECT_EQ(shared.sweeps[0].points[1].power_corrected_w, sweep[1].power_corrected_w);  // the first campaign's
}

TEST(SharedSweeps, IndependentSweepsRepeatsAndKernelsEachGetTheirOwn) {
  auto other_kernel = on_sweep("kneedle", measured(1e-5), 5);
  other_kernel.kernel = "gemm";
  auto other_repeat = on_sweep("kneedle", measured(1e-5), 5);
  other_repeat.repeat = 1;
  const auto shared = share_sweeps({on_sweep("kneedle", measured(1e-5), 5), on_sweep("triangle", measured(2e-5), 6),
                                    other_kernel, other_repeat});
  ASSERT_EQ(shared.sweeps.size(), 4u);
  EXPECT_EQ(shared.sweeps[0].name, "vecadd_repeat0_kneedle");  // one sweep per detector: named after it
  EXPECT_EQ(shared.sweeps[1].name, "vecadd_repeat0_triangle");
  EXPECT_EQ(shared.sweeps[2].name, "gemm_repeat0");
  EXPECT_EQ(shared.sweeps[3].name, "vecadd_repeat1");
  for (std::size_t i = 0; i < 4; ++i) {
    EXPECT_EQ(shared.refs[i].sweep, i);
    EXPECT_TRUE(shared.refs[i].prefix());
  }
}

TEST(SharedSweeps, ACampaignWithoutPointsJoinsItsKernelsSweep) {
  const auto shared = share_sweeps({on_sweep("kneedle", measured(1e-5), 5), on_sweep("triangle", measured(1e-5), 0)});
  ASSERT_EQ(shared.sweeps.size(), 1u);
  EXPECT_EQ(shared.refs[1].sweep, 0u);
  EXPECT_TRUE(shared.refs[1].index.empty());
  EXPECT_EQ(share_sweeps({on_sweep("kneedle", measured(1e-5), 0)}).sweeps.at(0).points.size(), 0u);
}

TEST(SharedSweeps, SameMeasurementComparesTimesAndLaunchesBitForBit) {
  const auto p = testing::sample_point(4096, 1e-4, false);
  auto q = p;
  q.power_w = 12.0;  // measured afterwards: not part of the measurement's identity
  EXPECT_TRUE(same_measurement(p, q));
  q = p;
  q.launch_times_s.back() = std::nextafter(q.launch_times_s.back(), 1.0f);
  EXPECT_FALSE(same_measurement(p, q));
  q = p;
  q.time_min_s = std::nextafter(q.time_min_s, 1.0);
  EXPECT_FALSE(same_measurement(p, q));
  q = p;
  q.refinement = true;
  EXPECT_FALSE(same_measurement(p, q));
  q = p;
  q.time_stddev_s = results::kNaN;
  auto r = q;
  EXPECT_TRUE(same_measurement(q, r));  // NaN equals NaN here
}

}  // namespace
}  // namespace autobench::result_file
