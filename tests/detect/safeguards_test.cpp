// Safeguards: the thesis's fixed rule, the noise-aware minimum runtime and noise-derived thresholds.
#include <cmath>
#include <stdexcept>

#include <gtest/gtest.h>

#include "detect/detector.hpp"
#include "detect/safeguards.hpp"
#include "tests/detect/curves.hpp"

namespace autobench::detect {
namespace {

using testing::log_roofline;
using testing::sweep_sizes;
using testing::with_noise;

std::vector<PointTiming> timings(const std::vector<double>& mean_s, const std::vector<double>& stddev_s) {
  std::vector<PointTiming> t;
  for (std::size_t i = 0; i < mean_s.size(); ++i) t.push_back({mean_s[i], stddev_s[i]});
  return t;
}

// Timings consistent with a throughput curve: time ~ 1 / y, stddev a fixed share `cv` of it.
std::vector<PointTiming> timings_for(const Curve& c, double cv) {
  std::vector<PointTiming> t;
  for (double y : c.y) t.push_back({1.0 / y, cv / y});
  return t;
}

TEST(FixedSafeguards, AreTheThesisValuesByDefault) {
  const Safeguards g;
  EXPECT_EQ(g.mode, SafeguardMode::fixed);
  EXPECT_FALSE(may_detect(g, 4, 1.0));
  EXPECT_TRUE(may_detect(g, 5, 1e-3));
  EXPECT_FALSE(may_detect(g, 5, 0.99e-3));
  const auto five = timings({1e-5, 1e-5, 1e-4, 1e-4, 1e-3}, {0, 0, 0, 0, 0});
  EXPECT_TRUE(may_detect(g, five));
  EXPECT_DOUBLE_EQ(required_runtime_s(g, five), 1e-3);
}

TEST(NoiseAwareSafeguards, MinimumRuntimeIsTheEarlyJitterOverMaxJitter) {
  Safeguards g;
  g.mode = SafeguardMode::noise_aware;
  g.max_jitter = 0.01;
  // Early stddevs 2, 3, 4, 100, 3 us: median 3 us, so 300 us; later points' spread does not enter.
  auto t = timings({1e-5, 2e-5, 3e-5, 4e-5, 5e-5, 2.9e-4}, {2e-6, 3e-6, 4e-6, 1e-4, 3e-6, 5e-5});
  EXPECT_NEAR(required_runtime_s(g, t), 3e-4, 1e-15);
  EXPECT_FALSE(may_detect(g, t));
  t.push_back({3.1e-4, 6e-5});
  EXPECT_TRUE(may_detect(g, t)) << "a point with 19% relative spread may count once it runs long enough";
  g.max_jitter = 0.001;
  EXPECT_FALSE(may_detect(g, t));
}

TEST(NoiseAwareSafeguards, NeedMinPointsTimings) {
  Safeguards g;
  g.mode = SafeguardMode::noise_aware;
  const auto four = timings({1, 1, 1, 1}, {0, 0, 0, 0});
  EXPECT_FALSE(may_detect(g, four));
  EXPECT_THROW(required_runtime_s(g, four), std::invalid_argument);
  EXPECT_THROW(may_detect(g, 10, 1.0), std::invalid_argument) << "the count-and-time rule cannot apply them";
}

TEST(NoiseAdjusted, FixedModeLeavesTheParametersAlone) {
  const Curve c = log_roofline(20, 10);
  const Params p = noise_adjusted(Params{}, Safeguards{}, c, timings_for(c, 0.5));
  EXPECT_EQ(p.distance_threshold, Params{}.distance_threshold);
  EXPECT_EQ(p.sensitivity, Params{}.sensitivity);
}

TEST(NoiseAdjusted, ThresholdsFollowTheMedianThroughputNoise) {
  Safeguards g;
  g.mode = SafeguardMode::noise_aware;
  const Curve c{{1, 2, 3, 4, 5}, {100, 200, 300, 400, 500}};
  g.noise_z = 3.0;
  // Throughput noise y * cv: 1..5 at cv 1%, median 3, over the range 400: sigma = 0.0075.
  Params p = noise_adjusted(Params{}, g, c, timings_for(c, 0.01));
  EXPECT_NEAR(p.distance_threshold, 3.0 * 0.0075, 1e-12);
  EXPECT_EQ(p.sensitivity, 1.0) << "3 sqrt(2) sigma (n - 1) = 0.127 is below the given S, which stays";
  p = noise_adjusted(Params{}, g, c, timings_for(c, 0.1));  // sigma = 0.075
  EXPECT_NEAR(p.distance_threshold, 0.225, 1e-12);
  EXPECT_NEAR(p.sensitivity, 3.0 * std::sqrt(2.0) * 0.075 * 4.0, 1e-12);
  Params high;
  high.distance_threshold = 0.5;
  EXPECT_EQ(noise_adjusted(high, g, c, timings_for(c, 0.1)).distance_threshold, 0.5) << "never lowered";
  EXPECT_THROW(noise_adjusted(Params{}, g, c, timings_for(log_roofline(4, 2), 0.1)), std::invalid_argument);
}

TEST(NoiseAdjusted, SilencesKneesInNoiseButKeepsARealOne) {
  Safeguards g;
  g.mode = SafeguardMode::noise_aware;
  int noise_knees_fixed = 0, noise_knees_adjusted = 0, real_kept = 0;
  for (std::uint32_t seed = 1; seed <= 50; ++seed) {
    const Curve flat = with_noise(Curve{sweep_sizes(40), std::vector<double>(40, 100.0)}, 0.02, seed);
    noise_knees_fixed += make("triangle")->find(flat).index.has_value();
    const Params adjusted = noise_adjusted({}, g, flat, timings_for(flat, 0.02));
    noise_knees_adjusted += make("triangle", adjusted)->find(flat).index.has_value();
    const Curve roof = with_noise(log_roofline(40, 20), 0.02, seed);
    const auto k = make("triangle", noise_adjusted({}, g, roof, timings_for(roof, 0.02)))->find(roof).index;
    real_kept += k && std::abs(static_cast<int>(*k) - 20) <= 2;
  }
  EXPECT_GE(noise_knees_fixed, 45);
  EXPECT_LE(noise_knees_adjusted, 1);
  EXPECT_GE(real_kept, 48);
}

}  // namespace
}  // namespace autobench::detect
