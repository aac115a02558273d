// Natural cubic spline basis: evenly spaced knots, linear tails, cubic inside.
#include <gtest/gtest.h>

#include <cmath>

#include "numerics/spline_basis.hpp"

namespace an = autobench::numerics;

TEST(SplineBasis, EvenlySpacedKnotsAndOneColumnPerKnotButOne) {
  for (int interior = 1; interior <= 3; ++interior) {
    const an::SplineBasis b(interior);
    ASSERT_EQ(b.knots().size(), static_cast<std::size_t>(interior + 2));
    for (std::size_t i = 0; i < b.knots().size(); ++i)
      EXPECT_DOUBLE_EQ(b.knots()[i], static_cast<double>(i) / (interior + 1));
    EXPECT_EQ(b.size(), interior + 1);
    EXPECT_EQ(b.evaluate(0.3).size(), static_cast<std::size_t>(interior + 1));
  }
  EXPECT_EQ(an::SplineBasis(0).evaluate(0.25), std::vector<double>{0.25});  // a straight line
  EXPECT_THROW(an::SplineBasis(-1), std::invalid_argument);
}

TEST(SplineBasis, LinearBeyondTheBoundaryKnotsCubicInside) {
  const an::SplineBasis b(2);
  for (int c = 0; c < b.size(); ++c) {
    auto at = [&](double u) { return b.evaluate(u)[static_cast<std::size_t>(c)]; };
    // Second differences vanish beyond both boundary knots (natural: linear tails) ...
    EXPECT_NEAR(at(1.2) - 2 * at(1.5) + at(1.8), 0.0, 1e-12) << "column " << c;
    EXPECT_NEAR(at(-0.8) - 2 * at(-0.5) + at(-0.2), 0.0, 1e-12) << "column " << c;
  }
  // ... but not inside, where the curvature columns bend.
  auto bend = [&](double u) { return b.evaluate(u)[1]; };
  EXPECT_GT(std::abs(bend(0.5) - 2 * bend(0.7) + bend(0.9)), 1e-4);
  // At u = 0 every column is 0 (the intercept carries the constant) and the first column is u itself.
  for (double v : b.evaluate(0.0)) EXPECT_DOUBLE_EQ(v, 0.0);
  EXPECT_DOUBLE_EQ(b.evaluate(0.42)[0], 0.42);
}
