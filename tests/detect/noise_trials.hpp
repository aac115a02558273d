// Repeated seeded-noise trials for the detector tests: how often a detector lands near a known knee.
#pragma once

#include <cstdint>
#include <string>

#include "detect/detector.hpp"
#include "tests/detect/curves.hpp"

namespace autobench::detect::testing {

// Share of `trials` noisy copies of `clean` (seeds 1..trials) on which `detector` finds a knee at most
// `tolerance` indices from `knee`.
inline double share_near(const std::string& detector, const Params& p, const Curve& clean, double sigma,
                         std::size_t knee, std::size_t tolerance, std::uint32_t trials = 100) {
  const auto d = make(detector, p);
  std::uint32_t near = 0;
  for (std::uint32_t seed = 1; seed <= trials; ++seed) {
    const auto k = d->find(with_noise(clean, sigma, seed)).index;
    near += k && (*k > knee ? *k - knee : knee - *k) <= tolerance;
  }
  return static_cast<double>(near) / trials;
}

}  // namespace autobench::detect::testing
