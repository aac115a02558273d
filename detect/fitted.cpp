// `fitted`: a model-based knee, the base detector on a least-squares saturating fit of the curve.
#include <memory>

#include "detector.hpp"
#include "detector_params.hpp"

namespace autobench::detect {
namespace {

// The base detector (`base`, declared below) with Smoothing::saturating whatever Params::smoothing says
// (smoothing.hpp: the fit t = t0 + work / B in log size; no knee where it explains the curve less well than
// a straight line by half).
std::unique_ptr<Detector> make_fitted(const Params& p) {
  Params on_fit = p;
  on_fit.smoothing = Smoothing::saturating;
  return make(choice(p, "fitted", "base"), on_fit);
}

const Registration kFittedRegistration(
    "fitted", "base detector (triangle) on a least-squares saturating fit, t = t0 + work / B", make_fitted,
    {{.key = "base", .help = "the single-knee detector run on the fit",
      .choices = detectors_except({"fitted", "multiknee", "hybrid"}), .default_choice = "triangle"}});

}  // namespace
}  // namespace autobench::detect
