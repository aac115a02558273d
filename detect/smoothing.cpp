// Detection on a fitted curve (see smoothing.hpp).
#include "smoothing.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <utility>

#include "saturating_fit.hpp"
#include "spline_fit.hpp"
#include "unit_curve.hpp"

namespace autobench::detect {
namespace {

// Whether y is constant up to rounding (a spread under 1e-9 of its magnitude): a fit of a constant curve
// differs from it only in the last bits, which a detector's rescaling onto [0, 1] would turn into a shape.
bool flat(const std::vector<double>& y) {
  if (y.empty()) return true;
  const auto [lo, hi] = std::minmax_element(y.begin(), y.end());
  return *hi - *lo <= 1e-9 * std::max(std::abs(*lo), std::abs(*hi));
}

class Smoothed final : public Detector {
 public:
  Smoothed(std::unique_ptr<Detector> raw, const Params& params) : raw_(std::move(raw)), params_(params) {}

  Knee find(const Curve& curve) const override {
    const auto smooth = smoothed_curve(curve, params_);
    return smooth && !flat(smooth->y) ? raw_->find(*smooth) : Knee{};  // a flat curve has no bend
  }

 private:
  std::unique_ptr<Detector> raw_;
  Params params_;
};

}  // namespace

std::optional<Curve> smoothed_curve(const Curve& curve, const Params& params) {
  if (params.smoothing == Smoothing::none) return curve;
  if (params.smoothing == Smoothing::spline) {
    validate(curve, params.x_scale);
    return Curve{curve.x, spline_values(to_xspace(curve.x, params.x_scale), curve.y,
                                           interior_knots_for(params.spline_knots, curve.x.front(), curve.x.back()))};
  }
  validate(curve, XScale::log);
  if (curve.size() < 3) return curve;
  const std::vector<double> u = to_xspace(curve.x, XScale::log);
  const SaturatingFit fit = fit_saturating(u, curve.y);
  if (!(fit.sse <= 0.5 * line_sse(to_xspace(curve.x, params.x_scale), curve.y))) return std::nullopt;
  Curve out{curve.x, {}};
  for (double v : u) out.y.push_back(fit.at(v));
  return out;
}

std::unique_ptr<Detector> with_smoothing(std::unique_ptr<Detector> raw, const Params& params) {
  if (params.smoothing == Smoothing::none || dynamic_cast<const Smoothed*>(raw.get())) return raw;
  return std::make_unique<Smoothed>(std::move(raw), params);
}

}  // namespace autobench::detect
