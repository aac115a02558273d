// Detectors on saved curves: every requested detector in order, its knee as the detector finds it, and the
// knee's quality; nothing where there is no knee.
#include "detect/analysis.hpp"

#include <gtest/gtest.h>

#include <stdexcept>

#include "tests/detect/curves.hpp"

namespace autobench::detect {
namespace {

TEST(Analyse, RunsEachDetectorInOrderWithTheKneeQuality) {
  const Curve curve = testing::log_roofline(40, 20);
  const std::vector<std::string> names = {"triangle", "kneedle", "lmethod"};
  const auto found = analyse(curve, names, {});
  ASSERT_EQ(found.size(), 3u);
  for (std::size_t d = 0; d < names.size(); ++d) {
    SCOPED_TRACE(names[d]);
    EXPECT_EQ(found[d].detector, names[d]);
    const Knee direct = make(names[d], {})->find(curve);
    EXPECT_EQ(found[d].knee.index, direct.index);
    EXPECT_EQ(found[d].knee.all, direct.all);
    EXPECT_EQ(found[d].points, 40u);
    ASSERT_TRUE(found[d].knee.index.has_value());
    ASSERT_TRUE(found[d].quality.has_value());
    const auto q = knee_quality(curve, *found[d].knee.index, XScale::log);
    EXPECT_DOUBLE_EQ(found[d].quality->fraction, q.fraction);
    EXPECT_DOUBLE_EQ(found[d].quality->position, q.position);
    EXPECT_EQ(found[d].quality->x_scale, XScale::log);
  }
  EXPECT_EQ(found[0].knee.index, 20u) << "the roofline's corner";
}

TEST(Analyse, NoKneeNoQuality) {
  const Curve line{{1, 2, 3, 4, 5, 6}, {1, 2, 3, 4, 5, 6}};
  Params linear;
  linear.x_scale = XScale::linear;
  linear.distance_threshold = 0.01;
  const auto found = analyse(line, {"triangle"}, linear);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_FALSE(found[0].knee.index.has_value());
  EXPECT_FALSE(found[0].quality.has_value());
}

TEST(Analyse, QualityNeedsAPositivePlateau) {
  const Curve negative{{1, 2, 4, 8, 16}, {-50, -20, -5, -4, -4}};
  const auto found = make_finding("x", Knee{2, {2}, 0.5}, 5, negative, XScale::log);
  EXPECT_EQ(found.knee.index, 2u);
  EXPECT_FALSE(found.quality.has_value());
}

TEST(Analyse, RefusesUnknownDetectorsAndBadCurves) {
  EXPECT_THROW(analyse(testing::log_roofline(10, 5), {"elbow"}, {}), std::invalid_argument);
  EXPECT_THROW(analyse(Curve{{1, 1, 2}, {1, 2, 3}}, {"triangle"}, {}), std::invalid_argument);
}

}  // namespace
}  // namespace autobench::detect
