// `multiknee`: every knee of the curve by recursive splitting; the first strong one is the saturation knee.
#include <algorithm>
#include <memory>
#include <stdexcept>
#include <utility>
#include <vector>

#include "chord.hpp"
#include "detector.hpp"
#include "detector_params.hpp"
#include "multiknee.hpp"
#include "unit_curve.hpp"

namespace autobench::detect {

SplitKnees split_knees(const Curve& curve, const Curve& unit, const Detector& base, const Params& p) {
  struct Segment {
    std::size_t first, last;
    int level;
  };
  const auto min_segment = static_cast<std::size_t>(param(p, "multiknee", "min_segment"));
  const double min_bend = param(p, "multiknee", "min_bend");
  SplitKnees out;
  std::vector<Segment> todo;
  if (unit.size() >= min_segment) todo.push_back({0, unit.size() - 1, 0});
  while (!todo.empty()) {
    const auto [first, last, level] = todo.back();
    todo.pop_back();
    out.levels = std::max(out.levels, level + 1);
    const Curve segment{{curve.x.begin() + first, curve.x.begin() + last + 1},
                        {curve.y.begin() + first, curve.y.begin() + last + 1}};
    const auto found = base.find(segment).index;
    if (!found || *found == 0 || first + *found >= last) continue;
    const std::size_t k = first + *found;
    if (!clears_chord(unit, k, first, last, p.shape, std::max(min_bend, p.distance_threshold))) continue;
    out.knees.emplace_back(k, chord_distance(unit, k, first, last, p.shape));
    if (level + 1 == kMultiKneeMaxLevels) continue;
    if (k - first + 1 >= min_segment) todo.push_back({first, k, level + 1});
    if (last - k + 1 >= min_segment) todo.push_back({k, last, level + 1});
  }
  return out;
}

namespace {

// The base detector (`base`, a single-knee detector) finds a knee in a segment; it counts when it
// clears that segment's chord in the whole curve's unit square by more than `min_bend` and
// Params::distance_threshold, and the two segments it splits off (each keeps the knee as an end) are
// searched the same way. Segments of fewer than `min_segment` points are not searched. min_bend
// plays the part of Kneeliverse's straightness test: without it every stretch of a smooth concave curve
// has a point above its chord, and the recursion would report bends of no consequence. A knee's
// strength is its distance from its segment's chord; the saturation knee is the first, by size, whose
// strength is at least `strong_fraction` of the strongest's, so a weak bend early in the rise
// does not stop a sweep. Score: the chosen knee's strength. At most kMultiKneeMaxLevels levels of
// splitting (multiknee.hpp): O(n) passes of the base detector in all.
class MultiKnee final : public Detector {
 public:
  explicit MultiKnee(const Params& p) : p_(p), strong_fraction_(param(p, "multiknee", "strong_fraction")) {
    if (!(strong_fraction_ > 0.0 && strong_fraction_ <= 1.0))
      throw std::invalid_argument("multiknee strong fraction " + std::to_string(strong_fraction_) +
                                  " is out of range (allowed: > 0 and <= 1)");
    if (const double min_segment = param(p, "multiknee", "min_segment"); min_segment < 3)
      throw std::invalid_argument("multiknee minimum segment " + std::to_string(min_segment) +
                                  " is too small (allowed: >= 3, a knee needs an interior point)");
    base_ = make(choice(p, "multiknee", "base"), p);
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
      if (!out.index && s >= strong_fraction_ * strongest) out.index = k, out.score = s;
    }
    return out;
  }

 private:
  Params p_;
  double strong_fraction_;
  std::unique_ptr<Detector> base_;
};

const Registration kMultiKneeRegistration(
    "multiknee", "all knees by recursive splitting; the first strong one saturates",
    [](const Params& p) { return std::make_unique<MultiKnee>(p); },
    {{.key = "strong_fraction", .default_value = 0.5, .min = 0.0, .max = 1.0, .min_open = true,
      .help = "a knee is strong at this fraction of the strongest one's strength; the first strong one saturates"},
     {.key = "min_segment", .default_value = 4.0, .min = 3.0, .max = 1000.0, .whole = true,
      .help = "segments with fewer points are not split further"},
     {.key = "min_bend", .default_value = 0.01, .min = 0.0, .max = 1.0,
      .help = "normalised distance off its segment's chord a knee needs"},
     {.key = "base", .help = "the single-knee detector that finds a knee in each segment",
      .choices = detectors_except({"multiknee", "hybrid"}), .default_choice = "triangle"}});

}  // namespace
}  // namespace autobench::detect
