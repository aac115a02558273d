// `menger`: the point of largest Menger curvature (the circle through it and its two neighbours).
#include <cmath>
#include <memory>

#include "chord.hpp"
#include "detector.hpp"
#include "unit_curve.hpp"

namespace autobench::detect {
namespace {

// Signed Menger curvature at b of the triangle a-b-c: 4 * area / (|ab| |bc| |ca|), the inverse radius of
// the circle through the three points; positive for a left (counter-clockwise) turn.
double menger_curvature(const Curve& c, std::size_t a, std::size_t b, std::size_t d) {
  const double cross = (c.x[b] - c.x[a]) * (c.y[d] - c.y[b]) - (c.y[b] - c.y[a]) * (c.x[d] - c.x[b]);
  const double ab = std::hypot(c.x[b] - c.x[a], c.y[b] - c.y[a]);
  const double bd = std::hypot(c.x[d] - c.x[b], c.y[d] - c.y[b]);
  const double da = std::hypot(c.x[a] - c.x[d], c.y[a] - c.y[d]);
  return 2.0 * cross / (ab * bd * da);
}

// In the unit square, each interior point's curvature with its two neighbours; a knee turns right
// (clockwise, concave), an elbow left. The knee is the point turning the right way most sharply, counted
// when it clears the chord (chord.hpp). Score: that curvature.
class Menger final : public Detector {
 public:
  explicit Menger(const Params& p) : p_(p) {}

  Knee find(const Curve& curve) const override {
    const Curve c = unit_curve(curve, p_.x_scale);
    const double sign = p_.shape == Shape::concave ? -1.0 : 1.0;
    std::size_t best = 0;
    double best_k = 0.0;
    for (std::size_t i = 1; i + 1 < c.size(); ++i) {
      const double k = sign * menger_curvature(c, i - 1, i, i + 1);
      if (k > best_k) best = i, best_k = k;
    }
    return best_k > 0.0 ? gated_knee(c, best, best_k, p_) : Knee{};
  }

 private:
  Params p_;
};

const Registration kMengerRegistration(
    "menger", "largest Menger curvature of consecutive point triples",
    [](const Params& p) { return std::make_unique<Menger>(p); });

}  // namespace
}  // namespace autobench::detect
