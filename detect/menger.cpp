// `menger`: the point of largest Menger curvature (the circle through it and its two neighbours); on a
// fit of the curve, the first strong one.
#include <algorithm>
#include <cmath>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "chord.hpp"
#include "detector.hpp"
#include "detector_params.hpp"
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

// Whether the bend at i (a curvature maximum) is the top of a fall: across its width the curve runs against
// its own overall direction (falls, on a rising curve) and never climbs back above the bend's top (a dip
// that recovers, such as a spline's ringing after a sharp corner, is no fall). Its width: the points around
// i down to half of k[i], or to the curvature's nearest minimum where a neighbouring bend begins first.
// `ahead[j]`: the highest of direction * y from point j on. Widths of different bends overlap in at most a
// point, so all bends together take O(n).
bool top_of_a_fall(const Curve& c, const std::vector<double>& k, const std::vector<double>& ahead,
                   double direction, std::size_t i) {
  std::size_t first = i, last = i;
  while (first > 1 && k[first - 1] >= k[i] / 2 && k[first - 1] <= k[first]) --first;
  while (last + 2 < c.size() && k[last + 1] >= k[i] / 2 && k[last + 1] <= k[last]) ++last;
  bool falls = false;
  double top = direction * c.y[first];
  for (std::size_t j = first; j <= last; ++j) {
    falls = falls || direction * (c.y[j + 1] - c.y[j]) < 0.0;
    top = std::max(top, direction * c.y[j + 1]);
  }
  return falls && (last + 2 >= c.size() || ahead[last + 2] <= top);
}

// In the unit square, each interior point's curvature with its two neighbours; a knee turns right (clockwise,
// concave), an elbow left. On a fit of the curve (Params::on_fit: spline or saturating smoothing) the knee is the
// first bend, a local maximum of the curvature, that turns the right way at least `strong_fraction` as sharply as
// the sharpest one; on the points, the sharpest (there every point's noise makes a local maximum, so only the
// sharpest stands for a bend). Counted when it clears the chord (chord.hpp). Score: its curvature. Why the first
// strong bend on a fit: a curve that approaches its plateau slowly bends more than once, and the unit square's
// curvature f'' / (1 + f'^2)^(3/2) favours a slight bend on the nearly flat plateau over the saturation bend, where
// the slope is near 1; on a spline that late bend sits at an interior knot (f'' is piecewise linear), so the
// sharpest bend was the spline's more than the curve's: 2-4x past the other detectors' knees on H100 and H200
// curves (bench/knees/README.md). multiknee chooses its saturation knee by the same rule. On a fit, a bend that
// is the top of a fall (top_of_a_fall) is no bend of the saturation and is passed over: curves that end
// falling (H100 stencil, whose last point is 1.2 % low; spmv, whose gathered x vector leaves L2: -32 %) bent
// most sharply there, 2-9x past the others' knees. The knee is where the chosen bend begins: from its peak back
// along its rising edge, the first point at least `onset` of the peak's curvature. On a gradual bend the unit
// square's curvature peaks where the slope is 1/sqrt(2), past the chord-parallel point (slope 1) of kneedle and
// triangle: 1.6-1.8x later in size on real H100/H200 curves, on a flat-topped peak. On 1 - exp(-x) the edge
// reaches 0.9 of the peak at slope 1.03; a sharp corner's neighbours lie far below it, so the corner stays.
class Menger final : public Detector {
 public:
  explicit Menger(const Params& p)
      : p_(p), strong_fraction_(param(p, "menger", "strong_fraction")), onset_(param(p, "menger", "onset")) {
    if (!(strong_fraction_ > 0.0 && strong_fraction_ <= 1.0))
      throw std::invalid_argument("menger strong fraction " + std::to_string(strong_fraction_) +
                                  " is out of range (allowed: > 0 and <= 1)");
    if (!(onset_ > 0.0 && onset_ <= 1.0))
      throw std::invalid_argument("menger onset " + std::to_string(onset_) + " is out of range (allowed: > 0 and <= 1)");
  }

  Knee find(const Curve& curve) const override {
    const Curve c = unit_curve(curve, p_.x_scale);
    if (c.size() < 3) return {};  // no interior point, no bend
    const double sign = p_.shape == Shape::concave ? -1.0 : 1.0;
    std::vector<double> k(c.size(), 0.0);
    for (std::size_t i = 1; i + 1 < c.size(); ++i) k[i] = sign * menger_curvature(c, i - 1, i, i + 1);
    const double direction = c.y.back() < c.y.front() ? -1.0 : 1.0;
    std::vector<double> ahead(c.size(), direction * c.y.back());
    for (std::size_t j = c.size() - 1; j-- > 0;) ahead[j] = std::max(ahead[j + 1], direction * c.y[j]);
    const auto is_bend = [&](std::size_t i) {
      return k[i] > 0.0 && k[i] >= k[i - 1] && k[i] >= k[i + 1] &&
             !(p_.on_fit && top_of_a_fall(c, k, ahead, direction, i));
    };
    double sharpest = 0.0;
    for (std::size_t i = 1; i + 1 < c.size(); ++i)
      if (is_bend(i)) sharpest = std::max(sharpest, k[i]);
    if (!(sharpest > 0.0)) return {};
    const double strong = (p_.on_fit ? strong_fraction_ : 1.0) * sharpest;
    for (std::size_t i = 1; i + 1 < c.size(); ++i)
      if (is_bend(i) && k[i] >= strong) {
        std::size_t j = i;
        while (j > 1 && k[j - 1] >= onset_ * k[i] && k[j - 1] <= k[j]) --j;
        return gated_knee(c, j, k[j], p_);
      }
    return {};  // unreachable: the sharpest bend is strong
  }

 private:
  Params p_;
  double strong_fraction_;
  double onset_;
};

const Registration kMengerRegistration(
    "menger", "where the first strong bend of Menger curvature (consecutive point triples) begins",
    [](const Params& p) { return std::make_unique<Menger>(p); },
    {{.key = "strong_fraction", .default_value = 0.5, .min = 0.0, .max = 1.0, .min_open = true,
      .help = "on a fit of the curve, a bend is strong at this fraction of the sharpest one's curvature; "
              "the first strong one is the knee"},
     {.key = "onset", .default_value = 0.9, .min = 0.0, .max = 1.0, .min_open = true,
      .help = "the knee is where the chosen bend begins: the first point of its rising edge whose curvature "
              "is at least this fraction of the bend's peak (1: the curvature maximum itself)"}});

}  // namespace
}  // namespace autobench::detect
