// `multiknee`: every knee of the curve by recursive splitting; the first strong one is the saturation knee.
#include <algorithm>
#include <memory>
#include <stdexcept>
#include <utility>
#include <vector>

#include "chord.hpp"
#include "detector.hpp"
#include "multiknee.hpp"
#include "unit_curve.hpp"

namespace autobench::detect {

SplitKnees split_knees(const Curve& curve, const Curve& unit, const Detector& base, const Params& p) {
  struct Segment {
    std::size_t first, last;
    int level;
  };
  SplitKnees out;
  std::vector<Segment> todo;
  if (unit.size() >= p.min_segment) todo.push_back({0, unit.size() - 1, 0});
  while (!todo.empty()) {
    const auto [first, last, level] = todo.back();
    todo.pop_back();
    out.levels = std::max(out.levels, level + 1);
    const Curve segment{{curve.x.begin() + first, curve.x.begin() + last + 1},
                        {curve.y.begin() + first, curve.y.begin() + last + 1}};
    const auto found = base.find(segment).index;
    if (!found || *found == 0 || first + *found >= last) continue;
    const std::size_t k = first + *found;
    if (!clears_chord(unit, k, first, last, p.shape, std::max(p.min_bend, p.distance_threshold))) continue;
    out.knees.emplace_back(k, chord_distance(unit, k, first, last, p.shape));
    if (level + 1 == kMultiKneeMaxLevels) continue;
    if (k - first + 1 >= p.min_segment) todo.push_back({first, k, level + 1});
    if (last - k + 1 >= p.min_segment) todo.push_back({k, last, level + 1});
  }
  return out;
}

namespace {

// The base detector (Params::base, a single-knee detector) finds a knee in a segment; it counts when it
// clears that segment's chord in the whole curve's unit square by more than Params::min_bend and
// Params::distance_threshold, and the two segments it splits off (each keeps the knee as an end) are
// searched the same way. Segments of fewer than Params::min_segment points are not searched. min_bend
// plays the part of Kneeliverse's straightness test: without it every stretch of a smooth concave curve
// has a point above its chord, and the recursion would report bends of no consequence. A knee's
// strength is its distance from its segment's chord; the saturation knee is the first, by size, whose
// strength is at least Params::strong_fraction of the strongest's, so a weak bend early in the rise
// does not stop a sweep. Score: the chosen knee's strength. At most kMultiKneeMaxLevels levels of
// splitting (multiknee.hpp): O(n) passes of the base detector in all.
class MultiKnee final : public Detector {
 public:
  explicit MultiKnee(const Params& p) : p_(p) {
    if (p.base == "multiknee" || p.base == "hybrid")
      throw std::invalid_argument("multiknee base '" + p.base +
                                  "' is not a single-knee detector (allowed: any other detector)");
    if (!(p.strong_fraction > 0.0 && p.strong_fraction <= 1.0))
      throw std::invalid_argument("multiknee strong fraction " + std::to_string(p.strong_fraction) +
                                  " is out of range (allowed: > 0 and <= 1)");
    if (p.min_segment < 3)
      throw std::invalid_argument("multiknee minimum segment " + std::to_string(p.min_segment) +
                                  " is too small (allowed: >= 3, a knee needs an interior point)");
    base_ = make(p.base, p);
  }

  Knee find(const Curve& curve) const override {
    auto knees = split_knees(curve, unit_curve(curve, p_.x_scale), *base_, p_).knees;
    if (knees.empty()) return {};
    std::sort(knees.begin(), knees.end());
    double strongest = 0.0;
    for (const auto& [_, s] : knees) strongest = std::max(strongest, s);
    Knee out;
    for (const auto& [k, s] : knees) {
      out.all.push_back(k);
      if (!out.index && s >= p_.strong_fraction * strongest) out.index = k, out.score = s;
    }
    return out;
  }

 private:
  Params p_;
  std::unique_ptr<Detector> base_;
};

const Registration kMultiKneeRegistration(
    "multiknee", "all knees by recursive splitting; the first strong one saturates",
    [](const Params& p) { return std::make_unique<MultiKnee>(p); });

}  // namespace
}  // namespace autobench::detect
