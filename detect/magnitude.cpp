// Magnitude-free knee detection (see magnitude.hpp).
#include "magnitude.hpp"

#include <algorithm>
#include <cmath>

namespace autobench::detect {
namespace {

class MagnitudeFree final : public Detector {
 public:
  explicit MagnitudeFree(std::unique_ptr<Detector> detector) : detector_(std::move(detector)) {}

  Knee find(const Curve& curve) const override {
    double largest = 0.0;
    for (double y : curve.y) largest = std::max(largest, std::abs(y));
    if (!(largest > 0.0) || !std::isfinite(largest)) return detector_->find(curve);
    int exponent = 0;
    std::frexp(largest, &exponent);  // largest = m * 2^exponent, 0.5 <= m < 1
    if (exponent == 0) return detector_->find(curve);
    Curve scaled = curve;
    for (double& y : scaled.y) y = std::ldexp(y, -exponent);
    return detector_->find(scaled);
  }

 private:
  std::unique_ptr<Detector> detector_;
};

}  // namespace

std::unique_ptr<Detector> magnitude_free(std::unique_ptr<Detector> detector) {
  return std::make_unique<MagnitudeFree>(std::move(detector));
}

}  // namespace autobench::detect
