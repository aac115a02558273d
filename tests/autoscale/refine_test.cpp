// Knee refinement as pure logic: which size bisects next, and refine_knee on analytic curves.
#include <gtest/gtest.h>

#include <cmath>

#include "detect/detector.hpp"
#include "suite/autoscale/refine.hpp"

namespace ab = autobench;
using ab::autoscale::refinement_size;

namespace {

ab::kernels::KernelSpec granular(std::uint64_t g) {
  ab::kernels::KernelSpec k;
  k.granularity = g;
  return k;
}

// Throughput of a roofline in log size: rises straight in log10(n) from 0 at `floor` to 1 at `corner`,
// flat after. The chord detectors' knee of the continuous curve is exactly at the corner.
double roofline(double n, double corner, double floor = 1000.0) {
  return n >= corner ? 1.0 : std::log(n / floor) / std::log(corner / floor);
}

ab::results::Point point(std::uint64_t n, double corner) {
  ab::results::Point p;
  p.size = n;
  p.throughput = roofline(static_cast<double>(n), corner);
  p.time_mean_s = 1e-3;
  p.time_stddev_s = 1e-6;
  return p;
}

// A campaign of a coarse sweep 1000 * 2^k (k < count) over the roofline, its knee found by `detector`.
ab::results::Campaign coarse(double corner, std::size_t count, const ab::autoscale::LocateKnee& locate) {
  ab::results::Campaign c;
  for (std::size_t k = 0; k < count; ++k) c.points.push_back(point(1000ull << k, corner));
  c.knee_detected = true;
  c.knee_index = static_cast<std::int64_t>(*locate(c.points));
  c.knee_size = c.points[static_cast<std::size_t>(c.knee_index)].size;
  return c;
}

ab::autoscale::LocateKnee locator(const std::string& name) {
  return [detector = std::shared_ptr(ab::detect::make(name))](const std::vector<ab::results::Point>& points) {
    ab::detect::Curve curve;
    for (const auto& p : points) {
      curve.x.push_back(static_cast<double>(p.size));
      curve.y.push_back(p.throughput);
    }
    return detector->find(curve).index;
  };
}

}  // namespace

TEST(RefinementSize, BisectsTheWiderGapNextToTheKneeInLogSize) {
  const auto k = granular(1);
  EXPECT_EQ(refinement_size({1000, 2000, 4000, 16000}, 2, 0.05, k), 8000u);  // 4000..16000 is wider than 2000..4000
  EXPECT_EQ(refinement_size({1000, 2000, 4000, 5000}, 2, 0.05, k), 2828u);   // sqrt(2000 * 4000) rounded
  EXPECT_EQ(refinement_size({1000, 2000, 4000}, 2, 0.05, k), 2828u) << "a knee at the end has one neighbour";
  EXPECT_EQ(refinement_size({1000, 2000, 4000}, 0, 0.05, k), 1414u) << "a knee at the start has one neighbour";
}

TEST(RefinementSize, StopsWhenBothNeighboursAreWithinThePrecision) {
  const auto k = granular(1);
  EXPECT_FALSE(refinement_size({1000, 1040, 1080}, 1, 0.05, k));
  EXPECT_EQ(refinement_size({1000, 1040, 1100}, 1, 0.05, k), 1070u) << "1100 / 1040 is more than 5% away";
  EXPECT_FALSE(refinement_size({1000, 2000}, 1, 0.0, k)) << "precision 0: no refinement";
  EXPECT_FALSE(refinement_size({1000, 2000}, 2, 0.05, k)) << "knee outside the curve";
}

TEST(RefinementSize, RoundsToTheGranularityAndNeverRepeatsASize) {
  const auto k = granular(256);
  EXPECT_EQ(refinement_size({256, 1024}, 1, 0.05, k), 512u);
  EXPECT_FALSE(refinement_size({256, 512}, 1, 0.05, k)) << "362 rounds to 512 or 256: nothing in between";
  EXPECT_EQ(refinement_size({512, 768, 1280}, 1, 0.05, k), 1024u) << "991 rounds up to 1024, inside (768, 1280)";
  EXPECT_EQ(refinement_size({1024, 1280, 1536}, 1, 0.05, k), std::nullopt);
  EXPECT_EQ(refinement_size({256, 512, 768}, 1, 0.05, k), std::nullopt) << "neither gap holds a granule";
  EXPECT_EQ(refinement_size({2560, 2816, 5120}, 1, 0.05, k), 3840u) << "3797 rounds up to 3840";
}

class RefineKnee : public ::testing::TestWithParam<const char*> {};

// On a coarse factor-2 sweep the knee is found to within a factor 2; refinement brings its measured
// neighbours within 5% and the knee within 5% of the corner, with points only inside the coarse knee's
// bracket, flagged, in size order.
TEST_P(RefineKnee, LocatesTheCornerToThePrecision) {
  const auto locate = locator(GetParam());
  for (const double corner : {37000.0, 50000.0, 91000.0, 128000.0}) {
    auto c = coarse(corner, 12, locate);
    const std::size_t k = static_cast<std::size_t>(c.knee_index);
    ASSERT_GT(k, 0u);
    const std::uint64_t lo = c.points[k - 1].size, hi = c.points[k + 1].size;
    int measured = 0;
    const bool finished = ab::autoscale::refine_knee(c, 0.05, granular(1), UINT64_MAX, locate, [&](std::uint64_t n) {
      ++measured;
      return point(n, corner);
    });
    EXPECT_TRUE(finished);
    EXPECT_EQ(c.points.size(), 12u + measured);
    EXPECT_LE(measured, 10) << "about two bisections per halving of the log gap on each side";
    std::size_t flagged = 0;
    for (std::size_t i = 0; i < c.points.size(); ++i) {
      if (i) {
        EXPECT_LT(c.points[i - 1].size, c.points[i].size) << "points stay in size order";
      }
      if (!c.points[i].refinement) continue;
      ++flagged;
      EXPECT_GT(c.points[i].size, lo) << "refinement lies between the coarse knee's neighbours";
      EXPECT_LT(c.points[i].size, hi);
    }
    EXPECT_EQ(flagged, static_cast<std::size_t>(measured));
    const std::size_t r = static_cast<std::size_t>(c.knee_index);
    EXPECT_EQ(c.knee_size, c.points[r].size);
    EXPECT_LE(double(c.points[r].size) / double(c.points[r - 1].size), 1.05);
    EXPECT_LE(double(c.points[r + 1].size) / double(c.points[r].size), 1.05);
    EXPECT_LE(std::abs(std::log(double(c.knee_size) / corner)), std::log(1.05)) << "corner " << corner;
  }
}

INSTANTIATE_TEST_SUITE_P(Detectors, RefineKnee, ::testing::Values("triangle", "menger", "lmethod", "kneedle"));

TEST(RefineKneeStops, WhenAskedBeforeMeasuring) {
  const auto locate = locator("triangle");
  auto c = coarse(37000.0, 12, locate);
  const auto before = c.points.size();
  const bool finished = ab::autoscale::refine_knee(
      c, 0.05, granular(1), UINT64_MAX, locate, [&](std::uint64_t n) { return point(n, 37000.0); }, [] { return true; });
  EXPECT_FALSE(finished);
  EXPECT_EQ(c.points.size(), before);
}

TEST(RefineKneeStops, AfterTheMaximumNumberOfPoints) {
  ab::results::Campaign c;
  c.points = {point(1000000000000ull, 1e13), point(2000000000000ull, 1e13)};  // 40 halvings to one element
  c.knee_detected = true;
  c.knee_index = 1;
  // A locator that always points at the last point: the gap below it keeps being split.
  const ab::autoscale::LocateKnee last = [](const std::vector<ab::results::Point>& p) { return p.size() - 1; };
  ab::autoscale::refine_knee(c, 1e-15, granular(1), UINT64_MAX, last, [&](std::uint64_t n) { return point(n, 1e13); });
  EXPECT_EQ(c.points.size(), 2u + ab::autoscale::kMaxRefinementPoints);
  EXPECT_EQ(c.knee_size, 2000000000000ull);
}
