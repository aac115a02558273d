// `hybrid`: a proposer's knee confirmed by a second detector within a tolerance, and its fallbacks.
#include <stdexcept>

#include <gtest/gtest.h>

#include "detect/detector.hpp"
#include "tests/detect/curves.hpp"
#include "tests/detect/noise_trials.hpp"

namespace autobench::detect {
namespace {

using testing::log_roofline;
using testing::saturating;
using testing::share_near;

TEST(Hybrid, RejectsKneedlesFirstPointKneeThatTriangleDoesNotSee) {
  const Curve c = saturating(40, 1e6);  // still convex in log x: no knee yet
  ASSERT_EQ(make("kneedle")->find(c).index, 0u);
  ASSERT_FALSE(make("triangle")->find(c).index.has_value());
  EXPECT_FALSE(make("hybrid")->find(c).index.has_value());
}

TEST(Hybrid, ToleranceIsTheLargestConfirmableGap) {
  // On a smooth saturating curve the L-method's vertex and triangle's farthest point lie apart.
  const Curve c = saturating(131, 1e6);
  Params p;
  p.chosen["hybrid.proposer"] = "lmethod";
  const auto proposed = make("lmethod", p)->find(c).index;
  const auto confirming = make("triangle", p)->find(c).index;
  ASSERT_TRUE(proposed && confirming);
  ASSERT_LT(*proposed, *confirming);
  p.declared["hybrid.tolerance"] = static_cast<double>(*confirming - *proposed);
  EXPECT_EQ(make("hybrid", p)->find(c).index, proposed) << "the proposer's knee is the answer";
  p.declared["hybrid.tolerance"] -= 1;
  EXPECT_FALSE(make("hybrid", p)->find(c).index.has_value());
}

TEST(Hybrid, FallsBackToTheLatestConfirmedProposal) {
  // On a noisy plateau online Kneedle's own choice is a late ripple; one of its earlier knees is at the
  // corner, where triangle confirms it.
  const Curve clean = log_roofline(60, 30);
  EXPECT_LE(share_near("kneedle", {}, clean, 0.02, 30, 5), 0.05);
  EXPECT_GE(share_near("hybrid", {}, clean, 0.02, 30, 5), 0.95);
}

TEST(Hybrid, ScoreIsTheChosenKneesChordDistance) {
  const Curve c = log_roofline(60, 20);
  const Knee h = make("hybrid")->find(c);
  ASSERT_EQ(h.index, 20u);
  EXPECT_DOUBLE_EQ(h.score, make("triangle")->find(c).score);
}

TEST(Hybrid, ProposerAndConfirmerAreConfigurable) {
  Params p;
  p.chosen["hybrid.proposer"] = "lmethod";
  p.chosen["hybrid.confirmer"] = "menger";
  EXPECT_EQ(make("hybrid", p)->find(log_roofline(60, 25)).index, 25u);
  p.chosen["hybrid.proposer"] = "hybrid";
  EXPECT_THROW(make("hybrid", p), std::invalid_argument);
  p.chosen["hybrid.proposer"] = "kneedle";
  p.chosen["hybrid.confirmer"] = "nosuch";
  EXPECT_THROW(make("hybrid", p), std::invalid_argument);
}

}  // namespace
}  // namespace autobench::detect
