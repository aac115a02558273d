// `lmethod`: vertex of the best two-line fit, its score, shape, and noise.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "detect/chord.hpp"
#include "detect/detector.hpp"
#include "detect/unit_curve.hpp"
#include "tests/detect/curves.hpp"
#include "tests/detect/noise_trials.hpp"

namespace autobench::detect {
namespace {

using testing::log_roofline;
using testing::saturating;
using testing::share_near;
using testing::with_noise;

// The L-method by its definition, one least-squares fit per line and split (O(n^2)) from the elbow the
// curve starts with (chord.hpp): the split of least weighted RMSE and its score, as a reference for the
// O(n) accumulation.
std::pair<std::size_t, double> two_line_fit_by_definition(const Curve& curve) {
  const Curve c = unit_curve(curve, XScale::log);
  auto rmse = [&](std::size_t a, std::size_t b) {
    const double m = static_cast<double>(b - a + 1);
    double sx = 0, sy = 0, sxx = 0, sxy = 0;
    for (std::size_t i = a; i <= b; ++i) sx += c.x[i], sy += c.y[i];
    for (std::size_t i = a; i <= b; ++i)
      sxx += (c.x[i] - sx / m) * (c.x[i] - sx / m), sxy += (c.x[i] - sx / m) * (c.y[i] - sy / m);
    double sse = 0;
    for (std::size_t i = a; i <= b; ++i) {
      const double r = c.y[i] - sy / m - sxy / sxx * (c.x[i] - sx / m);
      sse += r * r;
    }
    return std::sqrt(sse / m);
  };
  const std::size_t n = c.size();
  const std::size_t s = std::min(starting_elbow(c, Shape::concave, 0.0), n - 3);
  std::size_t best = 0;
  double best_cost = std::numeric_limits<double>::infinity();
  for (std::size_t k = s + 1; k + 1 < n; ++k) {
    const double cost =
        (static_cast<double>(k - s + 1) * rmse(s, k) + static_cast<double>(n - k) * rmse(k, n - 1)) /
        static_cast<double>(n - s + 1);
    if (cost < best_cost) best = k, best_cost = cost;
  }
  return {best, 1.0 - best_cost / rmse(s, n - 1)};
}

TEST(LMethod, TwoExactLinesGiveTheirSharedVertexAndScoreOne) {
  for (std::size_t knee : {3u, 25u, 55u}) {
    const Knee k = make("lmethod")->find(log_roofline(60, knee));
    EXPECT_EQ(k.index, knee);
    EXPECT_NEAR(k.score, 1.0, 1e-9) << "two lines leave no misfit";
  }
}

TEST(LMethod, ScoreFallsWhenTheBendIsRounded) {
  Curve c = log_roofline(60, 30);
  for (std::size_t i = 27; i <= 33; ++i) c.y[i] = (c.y[i - 1] + c.y[i] + c.y[i + 1]) / 3.0;  // round the corner
  const Knee k = make("lmethod")->find(c);
  ASSERT_TRUE(k.index.has_value());
  EXPECT_NEAR(static_cast<double>(*k.index), 30.0, 2.0);
  EXPECT_LT(k.score, 0.999);
  EXPECT_GT(k.score, 0.5);
}

TEST(LMethod, ConvexShapeFindsAnElbow) {
  Curve c = log_roofline(50, 35);
  for (double& y : c.y) y = 2000.0 - y;
  EXPECT_FALSE(make("lmethod")->find(c).index.has_value());
  Params p;
  p.shape = Shape::convex;
  EXPECT_EQ(make("lmethod", p)->find(c).index, 35u);
}

// A throughput curve in log size that first bends upwards (flat while launch latency dominates, an elbow
// at 20, a straight rise, the knee at 45 of 60): fitted from the first point the two lines met at the
// elbow, below the chord (no knee); fitted from the elbow they meet at the knee. The cold H100 vecadd curve is of this
// shape (bench/knees/README.md: lmethod's median 2.08 M elements against the others' 16.9-36.3 M).
TEST(LMethod, AnSCurveIsFittedFromTheElbowItStartsWith) {
  const Curve s_curve = testing::log_piecewise(60, {{0, 10}, {20, 12}, {45, 1000}});
  EXPECT_EQ(starting_elbow(unit_curve(s_curve, XScale::log), Shape::concave, 0.0), 20u);
  EXPECT_EQ(make("lmethod")->find(s_curve).index, 45u);
  EXPECT_EQ(starting_elbow(unit_curve(log_roofline(60, 30), XScale::log), Shape::concave, 0.0), 0u)
      << "a roofline starts above its chord: fitted from its first point, as before";
}

TEST(LMethod, StaysNearTheCornerUnderFivePercentNoise) {
  EXPECT_GE(share_near("lmethod", {}, log_roofline(60, 30), 0.05, 30, 5), 0.95);
  EXPECT_GE(share_near("lmethod", {}, log_roofline(60, 30), 0.05, 30, 2), 0.75);
}

TEST(LMethod, AgreesWithTheTwoLineFitByDefinitionOnNoisyCurves) {
  int compared = 0;
  for (std::uint32_t seed = 1; seed <= 20; ++seed)
    for (const Curve& clean : {log_roofline(60, 30), log_roofline(45, 8), saturating(50, 1e5)}) {
      const Curve c = with_noise(clean, 0.03, seed);
      const auto [index, score] = two_line_fit_by_definition(c);
      const Knee k = make("lmethod")->find(c);
      if (!k.index) continue;  // the vertex lies below the chord: not a knee (chord.hpp), whatever the fit
      ++compared;
      EXPECT_EQ(*k.index, index) << "seed " << seed;
      EXPECT_NEAR(k.score, score, 1e-9) << "seed " << seed;
    }
  EXPECT_GE(compared, 30) << "of 60 noisy curves";
}

TEST(LMethod, FindsTheCornerOfAMillionPointCurve) {
  Curve c;
  for (std::size_t i = 1; i <= 1'000'000; ++i) {
    c.x.push_back(static_cast<double>(i));
    c.y.push_back(static_cast<double>(std::min<std::size_t>(i, 400'000)));
  }
  Params p;
  p.x_scale = XScale::linear;
  const Knee k = make("lmethod", p)->find(c);
  EXPECT_EQ(k.index, 399'999u);
  EXPECT_NEAR(k.score, 1.0, 1e-6);
}

}  // namespace
}  // namespace autobench::detect
