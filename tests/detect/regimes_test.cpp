// The L2 hump: a real H100 triad curve and known synthetic humps split into cache and memory regimes, flat
// or rising curves and devices without a known L2 left as one regime; each detector's knee stays in the
// regime it was asked for.
#include "detect/analysis.hpp"
#include "detect/regimes.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <stdexcept>

#include "tests/detect/curves.hpp"

namespace autobench::detect {
namespace {

constexpr double kH100L2 = 52428800.0;  // 50 MiB

std::vector<double> bytes_of(const Curve& c, double bytes_per_element) {
  std::vector<double> b;
  for (double x : c.x) b.push_back(bytes_per_element * x);
  return b;
}

// Issue 46: triad (three float arrays, 12 bytes per element) on rank 0, repeat 0 of a 4 x H100 full suite
// (NVIDIA H100 80GB HBM3, driver 580.159.04, 2026-11-27): GB/s against elements.
const Curve kH100Triad{{0.88e6, 1.56e6, 2.77e6, 4.91e6, 8.70e6, 15.4e6, 27.3e6, 48.4e6, 151e6},
                       {1707, 2629, 3367, 2488, 2665, 2848, 2965, 3021, 3091}};

TEST(FindRegimes, TheH100TriadHumpPeaksInL2AndFallsOutPastIt) {
  const auto split = find_regimes(kH100Triad, bytes_of(kH100Triad, 12), kH100L2);
  ASSERT_TRUE(split.hump);
  EXPECT_EQ(split.peak, 2u) << "2.77 M elements, 33 MB: held in the 50 MB L2";
  EXPECT_EQ(split.fallout, 3u) << "4.91 M elements, 59 MB: the trough after the fall";
  EXPECT_EQ(regime_of(split, 2), Regime::cache);
  EXPECT_EQ(regime_of(split, 3), Regime::memory);
  EXPECT_EQ(regimes(split), (std::vector<Regime>{Regime::cache, Regime::memory}));
  EXPECT_THROW(regime_range(split, Regime::transition, 9), std::invalid_argument) << "the fall is not searched";
  EXPECT_EQ(regime_range(split, Regime::cache, 9), (std::pair<std::size_t, std::size_t>{0, 2}));
  EXPECT_EQ(regime_range(split, Regime::memory, 9), (std::pair<std::size_t, std::size_t>{3, 8}));
  EXPECT_THROW(regime_range(split, Regime::single, 9), std::invalid_argument);
}

TEST(FindRegimes, NeedsTheL2SizeAndAPeakNearIt) {
  const auto bytes = bytes_of(kH100Triad, 12);
  EXPECT_FALSE(find_regimes(kH100Triad, bytes, 0.0).hump) << "L2 unknown: one regime";
  EXPECT_FALSE(find_regimes(kH100Triad, {}, kH100L2).hump) << "working set unknown";
  EXPECT_FALSE(find_regimes(kH100Triad, bytes, 8e6).hump) << "an 8 MB L2 holds none of the peak's 33 MB";
  EXPECT_FALSE(find_regimes(kH100Triad, bytes, 1e9).hump) << "a 1 GB L2: the peak is a few per cent of it";
  const auto split = find_regimes(kH100Triad, bytes, kH100L2);
  EXPECT_EQ(regime_of(split, 0), Regime::cache);
  EXPECT_EQ(regime_of({}, 0), Regime::single);
  EXPECT_THROW(regime_range({}, Regime::cache, 9), std::invalid_argument);
}

TEST(FindRegimes, ASaturatingCurveOrASmallDipIsOneRegime) {
  const Curve rising = testing::log_roofline(60, 30);
  const double l2 = 12 * rising.x[30] / 0.7;
  EXPECT_FALSE(find_regimes(rising, bytes_of(rising, 12), l2).hump) << "cold timing: no hump";
  Curve dip = rising;
  for (std::size_t i = 31; i < 36; ++i) dip.y[i] *= 0.95;  // 5 % under the plateau: noise, not a hump
  EXPECT_FALSE(find_regimes(dip, bytes_of(dip, 12), l2).hump);
  for (std::size_t i = 31; i < 36; ++i) dip.y[i] *= 0.89 / 0.95;
  EXPECT_TRUE(find_regimes(dip, bytes_of(dip, 12), l2).hump) << "11 % under: a hump";
}

// A knee found on the whole curve between the peak and the fall-out point lies in neither regime: it is
// labelled `transition` (before, `memory`; H200 triad, rank 0: triangle's recorded 3.05 M and menger's
// 3.69 M between the peak 2.77 M and the fall-out point 4.46 M).
TEST(FindRegimes, TheFallBetweenThePeakAndTheFallOutPointIsTheTransition) {
  const Curve fall{{1e6, 2e6, 2.77e6, 3.05e6, 3.69e6, 4.46e6, 8e6, 16e6, 64e6},
                   {2000, 3000, 3888, 3600, 3400, 3290, 3800, 4200, 4388}};
  const auto split = find_regimes(fall, bytes_of(fall, 12), 60e6);
  ASSERT_TRUE(split.hump);
  EXPECT_EQ(split.peak, 2u);
  EXPECT_EQ(split.fallout, 5u);
  EXPECT_EQ(regime_of(split, 2), Regime::cache);
  EXPECT_EQ(regime_of(split, 3), Regime::transition);
  EXPECT_EQ(regime_of(split, 4), Regime::transition);
  EXPECT_EQ(regime_of(split, 5), Regime::memory);
  EXPECT_EQ(kRegimeNames.name(Regime::transition), "transition");
}

// A hump as log-linear pieces: the cache knee at 15, the peak at 25, the trough at 27 (25 % down), the
// memory knee at 40, flat after; the peak's working set is 70 % of L2.
struct Hump {
  Curve curve = testing::log_piecewise(60, {{0, 0.1}, {15, 1.0}, {25, 1.05}, {27, 0.78}, {40, 0.95}});
  double l2 = 12 * curve.x[25] / 0.7;
};

TEST(AnalyseRegimes, EveryDetectorAnswersEachRegimeFromItsOwnSubCurve) {
  const Hump h;
  const auto split = find_regimes(h.curve, bytes_of(h.curve, 12), h.l2);
  ASSERT_TRUE(split.hump);
  EXPECT_EQ(split.peak, 25u);
  EXPECT_EQ(split.fallout, 27u);
  std::vector<std::string> all;
  for (const auto& e : list()) all.push_back(e.name);
  const auto found = analyse_regimes(h.curve, split, all, {});
  ASSERT_EQ(found.size(), 2 * all.size());
  for (std::size_t i = 0; i < found.size(); ++i) {
    const Finding& f = found[i];
    SCOPED_TRACE(f.detector + " " + kRegimeNames.name(f.regime));
    EXPECT_EQ(f.detector, all[i / 2]);
    EXPECT_EQ(f.regime, i % 2 == 0 ? Regime::cache : Regime::memory);
    EXPECT_EQ(f.points, f.regime == Regime::cache ? 26u : 33u);
    if (!f.knee.index) {
      EXPECT_FALSE(f.note.empty()) << "a regime without a knee says why";
      continue;
    }
    EXPECT_TRUE(f.note.empty());
    if (f.regime == Regime::cache) {
      EXPECT_GT(*f.knee.index, 0u);
      EXPECT_LT(*f.knee.index, split.peak) << "never the other regime's knee, nor the peak";
    } else {
      EXPECT_GT(*f.knee.index, split.fallout);
      EXPECT_LT(*f.knee.index, h.curve.size() - 1);
    }
    for (const auto k : f.knee.all) EXPECT_EQ(regime_of(split, k), f.regime);
    ASSERT_TRUE(f.quality.has_value());
  }
  EXPECT_EQ(found[0].detector, "dfdt");
  const auto triangle = std::find_if(found.begin(), found.end(), [](const Finding& f) { return f.detector == "triangle"; });
  ASSERT_NE(triangle, found.end());
  EXPECT_EQ(triangle[0].knee.index, 15u) << "the cache regime's corner";
  EXPECT_EQ(triangle[1].knee.index, 40u) << "the memory regime's corner";
}

TEST(AnalyseRegimes, ARegimeTooShortHasNoKneeAndSaysSo) {
  const auto split = find_regimes(kH100Triad, bytes_of(kH100Triad, 12), kH100L2);
  const auto found = analyse_regimes(kH100Triad, split, {"triangle"}, {});
  ASSERT_EQ(found.size(), 2u);
  EXPECT_EQ(found[0].regime, Regime::cache);
  EXPECT_FALSE(found[0].knee.index.has_value());
  EXPECT_EQ(found[0].note, "too few points in the cache regime (3, at least 5)");
  EXPECT_EQ(found[1].regime, Regime::memory);
  EXPECT_EQ(found[1].points, 6u);
}

TEST(AnalyseRegimes, ADetectorThatCannotRunSaysSoInsteadOfThrowing) {
  // A results file from a build with another detector: its consensus is still computed.
  const Hump h;
  const auto split = find_regimes(h.curve, bytes_of(h.curve, 12), h.l2);
  const auto found = analyse_regimes(h.curve, split, {"no-such-detector"}, {});
  ASSERT_EQ(found.size(), 2u);
  for (const auto& f : found) {
    EXPECT_FALSE(f.knee.index.has_value());
    EXPECT_NE(f.note.find("unknown detector 'no-such-detector'"), std::string::npos) << f.note;
  }
}

TEST(AnalyseRegimes, WithoutAHumpItIsAnalyse) {
  const Curve curve = testing::log_roofline(40, 20);
  const auto found = analyse_regimes(curve, {}, {"triangle", "kneedle"}, {});
  const auto plain = analyse(curve, {"triangle", "kneedle"}, {});
  ASSERT_EQ(found.size(), 2u);
  for (std::size_t i = 0; i < 2; ++i) {
    EXPECT_EQ(found[i].regime, Regime::single);
    EXPECT_EQ(found[i].knee.index, plain[i].knee.index);
  }
}

}  // namespace
}  // namespace autobench::detect
