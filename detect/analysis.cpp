// Detectors on saved curves (see analysis.hpp).
#include "analysis.hpp"

#include <stdexcept>

#include "unit_curve.hpp"

namespace autobench::detect {

Finding make_finding(std::string detector, Knee knee, std::size_t points, const Curve& curve, XScale x_scale) {
  Finding f{std::move(detector), std::move(knee), std::nullopt, points, Regime::single, ""};
  if (f.knee.index && plateau(curve.y) > 0.0) f.quality = knee_quality(curve, *f.knee.index, x_scale);
  return f;
}

std::vector<Finding> analyse(const Curve& curve, const std::vector<std::string>& detectors, const Params& params) {
  validate(curve, params.x_scale);
  std::vector<Finding> out;
  for (const auto& name : detectors)
    out.push_back(make_finding(name, make(name, params)->find(curve), curve.size(), curve, params.x_scale));
  return out;
}

namespace {

// `name`'s finding on the sub-curve [first, last] of `curve`, its indices those of the whole curve.
Finding regime_finding(const std::string& name, const Curve& curve, Regime regime, std::size_t first,
                       std::size_t last, const Params& params) {
  Finding f{name, {}, std::nullopt, last - first + 1, regime, ""};
  const std::string where = std::string(" in the ") + kRegimeNames.name(regime) + " regime";
  if (f.points < kMinRegimePoints) {
    f.note = "too few points" + where + " (" + std::to_string(f.points) + ", at least " +
             std::to_string(kMinRegimePoints) + ")";
    return f;
  }
  Curve sub;
  sub.x.assign(curve.x.begin() + static_cast<std::ptrdiff_t>(first), curve.x.begin() + static_cast<std::ptrdiff_t>(last) + 1);
  sub.y.assign(curve.y.begin() + static_cast<std::ptrdiff_t>(first), curve.y.begin() + static_cast<std::ptrdiff_t>(last) + 1);
  Knee knee;
  try {
    validate(sub, params.x_scale);
    knee = make(name, params)->find(sub);
  } catch (const std::invalid_argument& e) {
    f.note = std::string(e.what()) + where;
    return f;
  }
  if (!knee.index) {
    f.note = "no knee" + where;
    return f;
  }
  if (*knee.index == 0 || *knee.index + 1 == sub.size()) {
    f.note = "knee at the " + std::string(*knee.index == 0 ? "first" : "last") + " point" + where;
    return f;
  }
  if (plateau(sub.y) > 0.0) f.quality = knee_quality(sub, *knee.index, params.x_scale);
  f.knee.index = *knee.index + first;
  for (const auto i : knee.all) f.knee.all.push_back(i + first);
  f.knee.score = knee.score;
  return f;
}

}  // namespace

std::vector<Finding> analyse_regimes(const Curve& curve, const RegimeSplit& split,
                                     const std::vector<std::string>& detectors, const Params& params) {
  if (!split.hump) return analyse(curve, detectors, params);
  validate(curve, params.x_scale);
  std::vector<Finding> out;
  for (const auto& name : detectors)
    for (const Regime r : regimes(split)) {
      const auto [first, last] = regime_range(split, r, curve.size());
      out.push_back(regime_finding(name, curve, r, first, last, params));
    }
  return out;
}

}  // namespace autobench::detect
