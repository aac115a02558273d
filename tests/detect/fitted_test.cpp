// `fitted`: the base detector on a least-squares saturating (latency-bandwidth) fit of the curve.
#include <algorithm>
#include <stdexcept>
#include <vector>

#include <gtest/gtest.h>

#include "detect/detector.hpp"
#include "tests/detect/curves.hpp"

namespace autobench::detect {
namespace {

using testing::saturating;
using testing::sweep_sizes;
using testing::with_noise;

TEST(Fitted, FindsNoKneeOnAStraightLineAFlatCurveOrTooFewPoints) {
  Curve straight{sweep_sizes(40), {}};
  for (double x : straight.x) straight.y.push_back(5.0 + 2.0 * std::log10(x));
  const auto d = make("fitted");
  EXPECT_EQ(d->find(straight).index, std::nullopt);
  EXPECT_EQ(d->find(with_noise(straight, 0.02, 3)).index, std::nullopt);
  EXPECT_EQ(d->find(Curve{sweep_sizes(20), std::vector<double>(20, 7.0)}).index, std::nullopt);
  EXPECT_EQ(d->find(Curve{{4096.0, 8192.0}, {1.0, 2.0}}).index, std::nullopt);
}

// On a curve of its own form (t = t0 + n / B, so y = B n / (n + t0 B)) the fit is the curve, and the knee
// is the base detector's on the clean curve.
TEST(Fitted, OnALatencyBandwidthCurveFindsTheBaseDetectorsKnee) {
  const Curve clean = saturating(90, 2e5);
  for (const char* base : {"triangle", "kneedle"}) {
    Params p;
    p.chosen["fitted.base"] = base;
    const auto expected = make(base)->find(clean).index;
    ASSERT_TRUE(expected.has_value()) << base;
    const auto k = make("fitted", p)->find(clean).index;
    ASSERT_TRUE(k.has_value()) << base;
    EXPECT_LE(std::max(*k, *expected) - std::min(*k, *expected), 1u) << base;
  }
}

// The fit averages the noise of every point: at 3% noise its knee stays within one index of the clean
// knee on every seed, where triangle on the raw points wanders over more than ten.
TEST(Fitted, HoldsStillUnderNoiseWhereTheRawCurvesKneeWanders) {
  const Curve clean = saturating(90, 2e5);
  const std::size_t knee = *make("triangle")->find(clean).index;
  std::vector<std::size_t> fitted, raw;
  for (std::uint32_t seed = 1; seed <= 20; ++seed) {
    const Curve noisy = with_noise(clean, 0.03, seed);
    const auto f = make("fitted")->find(noisy).index;
    ASSERT_TRUE(f.has_value()) << seed;
    EXPECT_LE(std::max(*f, knee) - std::min(*f, knee), 1u) << "seed " << seed;
    raw.push_back(make("triangle")->find(noisy).index.value_or(0));
  }
  EXPECT_GT(*std::max_element(raw.begin(), raw.end()) - *std::min_element(raw.begin(), raw.end()), 10u);
}

TEST(Fitted, RejectsABaseThatIsNotASingleKneeDetector) {
  Params p;
  for (const char* base : {"fitted", "multiknee", "hybrid"}) {
    p.chosen["fitted.base"] = base;
    EXPECT_THROW(make("fitted", p), std::invalid_argument) << base;
  }
  p.chosen["fitted.base"] = "nonsense";
  EXPECT_THROW(make("fitted", p), std::invalid_argument);
}

}  // namespace
}  // namespace autobench::detect
