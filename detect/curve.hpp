// A performance curve as the detectors see it: problem sizes and one metric per size.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "record/names.hpp"

namespace autobench::detect {

// x: problem sizes, strictly increasing; y: the metric at each size (throughput by default). The same
// type holds a curve mapped into the unit square (unit_curve.hpp), the form every detector works on.
struct Curve {
  std::vector<double> x;
  std::vector<double> y;

  std::size_t size() const { return x.size(); }
};

// Which x-space a detector works in. Sizes grow geometrically, so `log` spaces the points evenly.
enum class XScale { linear, log };
inline constexpr auto kXScaleNames = record::names<XScale>("x-scale", {{XScale::linear, "linear"}, {XScale::log, "log"}});

}  // namespace autobench::detect
