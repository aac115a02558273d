// `kneedle` behaviours beyond the kneed reference: online/offline, sensitivity, shapes, kneed's
// first-point knee, polynomial smoothing and its parameters.
#include <cmath>
#include <optional>
#include <stdexcept>

#include <gtest/gtest.h>

#include "detect/detector.hpp"
#include "tests/detect/curves.hpp"

namespace autobench::detect {
namespace {

using testing::log_roofline;
using testing::saturating;
using testing::sweep_sizes;

// Rises to half height by index 15, flat until 30, rises to full height by 45, flat to 59 (log x).
Curve two_step() { return testing::log_piecewise(60, {{0, 10}, {15, 500}, {30, 500}, {45, 1000}}); }

TEST(Kneedle, OnlineReportsTheLastKneeOfflineTheFirst) {
  Params p;
  p.chosen["kneedle.online"] = "true";
  const Knee online = make("kneedle", p)->find(two_step());
  EXPECT_EQ(online.index, 45u);
  EXPECT_EQ(online.all, (std::vector<std::size_t>{15, 45}));
  p.chosen["kneedle.online"] = "false";
  const Knee offline = make("kneedle", p)->find(two_step());
  EXPECT_EQ(offline.index, 15u);
  EXPECT_EQ(offline.all, std::vector<std::size_t>{15});
}

TEST(Kneedle, ScoreIsTheDifferenceCurveAtTheKnee) {
  const Curve c = log_roofline(60, 20);
  const Knee k = make("kneedle")->find(c);
  ASSERT_EQ(k.index, 20u);
  const double xk = std::log10(c.x[20] / c.x.front()) / std::log10(c.x.back() / c.x.front());
  EXPECT_NEAR(k.score, 1.0 - xk, 1e-12);
}

TEST(Kneedle, SensitivityIsHowManyMeanXStepsTheDifferenceCurveMustFall) {
  // After the corner at 20 of 60 the difference curve falls one x-step per point, 39 steps in all.
  const Curve c = log_roofline(60, 20);
  Params p;
  for (double s : {1.0, 30.0, 38.0}) {
    p.sensitivity = s;
    EXPECT_EQ(make("kneedle", p)->find(c).index, 20u) << "S = " << s;
  }
  p.sensitivity = 40.0;
  EXPECT_FALSE(make("kneedle", p)->find(c).index.has_value());
}

// kneed compares the difference curve's first point with itself, so a curve that starts flat in log x
// (latency-bound small sizes) has a maximum there. Since kneed 0.8.6 the dip after it is a knee only when
// the difference curve falls S mean x-steps at once: its minimum disarms detection until the next maximum
// (kneed 0.8.5 reset the threshold to 0 there, so index 0 was a knee whatever the sensitivity).
TEST(Kneedle, AFlatStartIsAKneeOnlyWhenTheDifferenceCurveFallsBySAtOnce) {
  Params p;
  p.sensitivity = 1.0;
  const Knee k = make("kneedle", p)->find(saturating(40, 1e6));
  EXPECT_EQ(k.index, 0u);
  EXPECT_EQ(k.all, std::vector<std::size_t>{0});
  p.sensitivity = 200.0;
  EXPECT_EQ(make("kneedle", p)->find(saturating(40, 1e6)).index, std::nullopt);
}

// On a straight line the difference curve is zero up to rounding (±1e-16). kneed 0.8.5 called such ripples
// knees after a rounding minimum reset the threshold to 0; since 0.8.6 a minimum disarms detection, so the
// prefixes of a rising roofline have no knee until the corner is in sight.
TEST(Kneedle, NoKneesInTheRoundingNoiseOfAStraightRise) {
  const Curve roofline = log_roofline(60, 30);
  auto prefix = [&](std::size_t n) {
    return make("kneedle")->find(Curve{{roofline.x.begin(), roofline.x.begin() + n},
                                       {roofline.y.begin(), roofline.y.begin() + n}}).index;
  };
  for (std::size_t n : {5, 6, 8, 11, 20, 31}) EXPECT_EQ(prefix(n), std::nullopt) << n << " points";
  EXPECT_EQ(prefix(40), 30u);
}

TEST(Kneedle, ConvexDecreasingFindsTheElbow) {
  Curve c{{}, {}};
  for (int i = 1; i <= 40; ++i) {
    c.x.push_back(i);
    c.y.push_back(i <= 12 ? 100.0 - 7.5 * (i - 1) : 17.5);
  }
  Params p;
  p.x_scale = XScale::linear;
  p.shape = Shape::convex;
  p.chosen["kneedle.direction"] = "decreasing";
  EXPECT_EQ(make("kneedle", p)->find(c).index, 11u);
}

TEST(Kneedle, PolynomialSmoothingThroughEveryPointEqualsTheRawCurve) {
  const Curve c = testing::with_noise(saturating(8, 2e4), 0.05, 3);  // 8 points, degree 7: interpolates
  Params p;
  const Knee raw = make("kneedle", p)->find(c);
  p.chosen["kneedle.interp"] = "polynomial";
  const Knee poly = make("kneedle", p)->find(c);
  EXPECT_EQ(poly.index, raw.index);
  EXPECT_EQ(poly.all, raw.all);
}

TEST(Kneedle, PolynomialSmoothingIgnoresNoiseTheRawCurveReacts) {
  const Curve noisy = testing::with_noise(saturating(90, 3e5), 0.03, 11);
  Params p;
  p.chosen["kneedle.interp"] = "polynomial";
  p.declared["kneedle.polynomial_degree"] = 5;
  const Knee smooth = make("kneedle", p)->find(noisy);
  p.chosen["kneedle.interp"] = "interp1d";
  const Knee raw = make("kneedle", p)->find(noisy);
  EXPECT_LT(smooth.all.size(), raw.all.size());
}

TEST(Kneedle, RejectsANegativePolynomialDegree) {
  Params p;
  p.declared["kneedle.polynomial_degree"] = -1;
  EXPECT_THROW(make("kneedle", p), std::invalid_argument);
}

}  // namespace
}  // namespace autobench::detect
