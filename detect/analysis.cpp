// Detectors on saved curves (see analysis.hpp).
#include "analysis.hpp"

#include "unit_curve.hpp"

namespace autobench::detect {

Finding make_finding(std::string detector, Knee knee, std::size_t points, const Curve& curve, XScale x_scale) {
  Finding f{std::move(detector), std::move(knee), std::nullopt, points};
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

}  // namespace autobench::detect
