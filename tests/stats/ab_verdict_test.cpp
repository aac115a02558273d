// The A/B verdict statistics on known distributions: equal ones give SAME, a 10% difference SLOWER or
// FASTER, a small one with few launches AMBIGUOUS with a launch count that does settle it, and the
// interval excludes the truth about as often as its level says.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <stdexcept>

#include "suite/stats/ab_verdict.hpp"

namespace ab = autobench::stats;

namespace {

// `strata` sizes of `n` lognormal launch times each per side, with coefficient of variation `cv`;
// side B's times are `ratio` times side A's in expectation. Seeded, so every test is deterministic.
std::vector<ab::PairedLaunches> draw(double ratio, double cv, std::size_t strata, std::size_t n, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  const double sigma = std::sqrt(std::log1p(cv * cv));
  std::lognormal_distribution<double> noise(-0.5 * sigma * sigma, sigma);
  std::vector<ab::PairedLaunches> out(strata);
  for (std::size_t s = 0; s < strata; ++s) {
    const double t = 1e-5 * std::pow(2.0, double(s));  // sizes of different times: the ratio is per size
    for (std::size_t i = 0; i < n; ++i) {
      out[s].a.push_back(t * noise(rng));
      out[s].b.push_back(ratio * t * noise(rng));
    }
  }
  return out;
}

}  // namespace

TEST(AbVerdict, ClassifiesIntervalsAgainstTheBand) {
  EXPECT_EQ(ab::classify(0.99, 1.01, 0.02), ab::Verdict::same);
  EXPECT_EQ(ab::classify(1.03, 1.05, 0.02), ab::Verdict::slower);
  EXPECT_EQ(ab::classify(0.90, 0.97, 0.02), ab::Verdict::faster);
  EXPECT_EQ(ab::classify(1.01, 1.03, 0.02), ab::Verdict::ambiguous) << "real, but maybe below the threshold";
  EXPECT_EQ(ab::classify(0.97, 1.01, 0.02), ab::Verdict::ambiguous);
  EXPECT_EQ(ab::classify(0.99, 1.01, 0.0), ab::Verdict::ambiguous) << "threshold 0: only a clear difference decides";
  EXPECT_EQ(ab::classify(1.001, 1.01, 0.0), ab::Verdict::slower);
  EXPECT_STREQ(ab::to_string(ab::Verdict::ambiguous), "AMBIGUOUS");
}

TEST(AbVerdict, EqualDistributionsAreTheSame) {
  const auto v = ab::ratio_verdict(draw(1.0, 0.01, 5, 200, 1), {});
  EXPECT_EQ(v.verdict, ab::Verdict::same) << v.low << " " << v.high;
  EXPECT_NEAR(v.ratio, 1.0, 0.002);
  EXPECT_LT(v.low, v.ratio);
  EXPECT_GT(v.high, v.ratio);
  EXPECT_EQ(v.strata, 5u);
  EXPECT_EQ(v.launches_a, 1000u);
  EXPECT_EQ(v.launches_b, 1000u);
  EXPECT_EQ(v.more_launches, 0);
}

TEST(AbVerdict, TenPercentSlowerOrFasterIsSeen) {
  const auto slower = ab::ratio_verdict(draw(1.10, 0.03, 4, 50, 2), {});
  EXPECT_EQ(slower.verdict, ab::Verdict::slower);
  EXPECT_NEAR(slower.ratio, 1.10, 0.01);
  EXPECT_LT(slower.low, 1.10);
  EXPECT_GT(slower.high, 1.10);
  const auto faster = ab::ratio_verdict(draw(1 / 1.10, 0.03, 4, 50, 3), {});
  EXPECT_EQ(faster.verdict, ab::Verdict::faster);
  EXPECT_NEAR(faster.ratio, 1 / 1.10, 0.01);
}

TEST(AbVerdict, FewNoisyLaunchesAreAmbiguousAndTheSuggestedCountSettlesIt) {
  // 5% slower, 10% launch noise, 6 launches at 4 sizes: the interval mostly crosses the 2% edge. Each
  // AMBIGUOUS case with a suggestion is measured again (fresh draws) with the suggested launches; most
  // of those then say SLOWER. A ratio drawn next to the threshold gets no suggestion (-1).
  int ambiguous = 0, settled = 0;
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    const auto few = ab::ratio_verdict(draw(1.05, 0.10, 4, 6, seed), {});
    if (few.verdict != ab::Verdict::ambiguous) continue;
    if (few.more_launches < 0) {
      EXPECT_LT(std::abs(std::log(few.ratio / 1.02)), 0.01) << "no suggestion far from the threshold";
      continue;
    }
    ++ambiguous;
    ASSERT_LT(few.more_launches, 100 * 48);
    const auto per_size_and_side = std::size_t((48 + few.more_launches) / 8);
    settled += ab::ratio_verdict(draw(1.05, 0.10, 4, per_size_and_side, 1000 + seed), {}).verdict == ab::Verdict::slower;
  }
  EXPECT_GE(ambiguous, 8) << "of 20";
  EXPECT_GE(settled, ambiguous * 8 / 10) << settled << " of " << ambiguous << " settled as SLOWER";
}

TEST(AbVerdict, ARatioOnTheThresholdCannotBeSettled) {
  auto strata = draw(1.0, 0.05, 2, 20, 6);
  for (auto& s : strata) s.b = s.a;
  for (auto& s : strata)
    for (double& t : s.b) t *= 1.02;  // exactly on the edge of the band
  const auto v = ab::ratio_verdict(strata, {});
  EXPECT_EQ(v.verdict, ab::Verdict::ambiguous);
  EXPECT_NEAR(v.ratio, 1.02, 1e-12);
  EXPECT_EQ(v.more_launches, -1);
}

TEST(AbVerdict, TheIntervalMissesEqualDistributionsAboutAsOftenAsItsLevelSays) {
  // Threshold 0: any interval that excludes 1 says SLOWER or FASTER. With equal distributions that is a
  // false positive, and a 95% interval should make one about 5% of the time.
  int decided = 0;
  const int trials = 200;
  ab::VerdictRule rule{.threshold = 0.0, .level = 0.95, .replicates = 500, .seed = 9};
  for (int i = 0; i < trials; ++i) {
    const auto v = ab::ratio_verdict(draw(1.0, 0.05, 3, 30, 100 + i), rule);
    decided += v.verdict == ab::Verdict::slower || v.verdict == ab::Verdict::faster;
  }
  EXPECT_GE(decided, 2) << "an interval that never misses is too wide";
  EXPECT_LE(decided, 20) << decided << " of " << trials << " equal pairs were called different (expected about 10)";
}

TEST(AbVerdict, TheSameInputsGiveTheSameInterval) {
  const auto strata = draw(1.0, 0.05, 3, 30, 7);
  const auto a = ab::ratio_verdict(strata, {}), b = ab::ratio_verdict(strata, {});
  EXPECT_EQ(a.low, b.low);
  EXPECT_EQ(a.high, b.high);
}

TEST(AbVerdict, RejectsWhatItCannotJudge) {
  EXPECT_THROW(ab::ratio_verdict({}, {}), std::invalid_argument);
  EXPECT_THROW(ab::ratio_verdict({{{1e-5}, {1e-5, 2e-5}}}, {}), std::invalid_argument);
  EXPECT_THROW(ab::ratio_verdict({{{1e-5, 0.0}, {1e-5, 2e-5}}}, {}), std::invalid_argument);
  EXPECT_THROW(ab::ratio_verdict(draw(1.0, 0.01, 1, 5, 8), {.threshold = -0.1}), std::invalid_argument);
  EXPECT_THROW(ab::ratio_verdict(draw(1.0, 0.01, 1, 5, 8), {.level = 1.0}), std::invalid_argument);
}
