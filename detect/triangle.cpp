// `triangle`: the point farthest from the chord joining the curve's first and last points.
#include <memory>

#include "chord.hpp"
#include "detector.hpp"
#include "unit_curve.hpp"

namespace autobench::detect {
namespace {

// In the unit square (x in Params::x_scale) the knee is the interior point with the largest signed
// perpendicular distance from the first-last chord; it counts when that distance exceeds
// Params::distance_threshold. The score is that distance.
class Triangle final : public Detector {
 public:
  explicit Triangle(const Params& p) : p_(p) {}

  Knee find(const Curve& curve) const override {
    const Curve c = unit_curve(curve, p_.x_scale);
    const std::size_t n = c.size();
    if (n < 3) return {};
    std::size_t best = 1;
    double best_d = chord_distance(c, 1, 0, n - 1, p_.shape);
    for (std::size_t i = 2; i + 1 < n; ++i) {
      const double d = chord_distance(c, i, 0, n - 1, p_.shape);
      if (d > best_d) best = i, best_d = d;
    }
    return gated_knee(c, best, best_d, p_);
  }

 private:
  Params p_;
};

const Registration kTriangleRegistration(
    "triangle", "farthest point from the first-last chord (normalised)",
    [](const Params& p) { return std::make_unique<Triangle>(p); });

}  // namespace
}  // namespace autobench::detect
