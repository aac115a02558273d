// `fitted`: a model-based knee, the base detector on a least-squares saturating fit of the curve.
#include <memory>
#include <stdexcept>

#include "detector.hpp"

namespace autobench::detect {
namespace {

// Params::base with Smoothing::saturating whatever Params::smoothing says (smoothing.hpp: the fit
// t = t0 + work / B in log size; no knee where it explains the curve less well than a straight line by half).
std::unique_ptr<Detector> make_fitted(const Params& p) {
  if (p.base == "fitted" || p.base == "multiknee" || p.base == "hybrid")
    throw std::invalid_argument("fitted base '" + p.base + "' is not a single-knee detector on points (allowed: "
                                "triangle, kneedle, lmethod, menger, dfdt)");
  Params on_fit = p;
  on_fit.smoothing = Smoothing::saturating;
  return make(p.base, on_fit);
}

const Registration kFittedRegistration(
    "fitted", "base detector (triangle) on a least-squares saturating fit, t = t0 + work / B", make_fitted);

}  // namespace
}  // namespace autobench::detect
