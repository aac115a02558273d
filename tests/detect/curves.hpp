// Test curves with known knees for the detector tests: sweep sizes, shapes and seeded noise.
#pragma once

#include <cmath>
#include <cstdint>
#include <random>
#include <utility>
#include <vector>

#include "detect/curve.hpp"

namespace autobench::detect::testing {

// Sizes as the autoscaler makes them: 4096 * 1.1^k rounded to whole elements.
inline std::vector<double> sweep_sizes(std::size_t n, double start = 4096.0, double factor = 1.1) {
  std::vector<double> x(n);
  for (std::size_t k = 0; k < n; ++k) x[k] = std::round(start * std::pow(factor, static_cast<double>(k)));
  return x;
}

// Piecewise linear in log10(x) through the (index, y) corners, the first at index 0, and flat after the
// last: in log x-space every corner is exactly at its index.
inline Curve log_piecewise(std::size_t n, const std::vector<std::pair<std::size_t, double>>& corners) {
  Curve c{sweep_sizes(n), {}};
  std::size_t seg = 0;
  for (std::size_t i = 0; i < n; ++i) {
    while (seg + 1 < corners.size() && corners[seg + 1].first < i) ++seg;
    if (seg + 1 == corners.size()) {
      c.y.push_back(corners.back().second);
      continue;
    }
    const auto [i0, y0] = corners[seg];
    const auto [i1, y1] = corners[seg + 1];
    c.y.push_back(y0 + (y1 - y0) * std::log10(c.x[i] / c.x[i0]) / std::log10(c.x[i1] / c.x[i0]));
  }
  return c;
}

// Rises straight in log x from `floor` to `peak` at index `knee`, flat after: a roofline with its corner
// exactly at `knee`.
inline Curve log_roofline(std::size_t n, std::size_t knee, double peak = 1000.0, double floor = 50.0) {
  return log_piecewise(n, {{0, floor}, {knee, peak}});
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
  for (double& y : c.y) {
    const double radius = std::sqrt(-2.0 * std::log(uniform()));
    y *= 1.0 + sigma * radius * std::cos(6.283185307179586 * uniform());
  }
  return c;
}

}  // namespace autobench::detect::testing
