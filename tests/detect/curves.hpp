// Test curves with known knees for the detector tests: sweep sizes, shapes and seeded noise.
#pragma once

#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include "detect/curve.hpp"

namespace autobench::detect::testing {

// Sizes as the autoscaler makes them: 4096 * 1.1^k rounded to whole elements.
inline std::vector<double> sweep_sizes(std::size_t n, double start = 4096.0, double factor = 1.1) {
  std::vector<double> x(n);
  for (std::size_t k = 0; k < n; ++k) x[k] = std::round(start * std::pow(factor, static_cast<double>(k)));
  return x;
}

// Straight rise in log10(x) from `floor` to `peak` up to index `knee`, flat at `peak` after it: the
// knee is exactly point `knee` in log x-space.
inline Curve log_roofline(std::size_t n, std::size_t knee, double peak = 1000.0, double floor = 50.0) {
  Curve c{sweep_sizes(n), std::vector<double>(n, peak)};
  const double span = std::log10(c.x[knee] / c.x[0]);
  for (std::size_t i = 0; i < knee; ++i) c.y[i] = floor + (peak - floor) * std::log10(c.x[i] / c.x[0]) / span;
  return c;
}

// A saturating throughput curve peak * x / (x + half) over the sweep sizes.
inline Curve saturating(std::size_t n, double half, double peak = 1000.0) {
  Curve c{sweep_sizes(n), {}};
  for (double x : c.x) c.y.push_back(peak * x / (x + half));
  return c;
}

// y scaled by (1 + sigma * N(0, 1)); Box-Muller on std::mt19937 (fully specified) so every standard
// library draws the same noise.
inline Curve with_noise(Curve c, double sigma, std::uint32_t seed) {
  std::mt19937 gen(seed);
  auto uniform = [&] { return (static_cast<double>(gen()) + 0.5) / 4294967296.0; };
  for (double& y : c.y) y *= 1.0 + sigma * std::sqrt(-2.0 * std::log(uniform())) * std::cos(6.283185307179586 * uniform());
  return c;
}

}  // namespace autobench::detect::testing
