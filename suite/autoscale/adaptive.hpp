// The adaptive sweep's step: coarse where nothing is decided, fine where the sweep's end is decided.
#pragma once

#include <cstdint>
#include <optional>

#include "suite/autoscale/autoscale_settings.hpp"

namespace autobench::autoscale {

// A measured size and its mean time.
struct SizeTime {
  std::uint64_t size;
  double time_s;
};

// The growth factor from the latest size to the next one. geometric: scale_factor. adaptive:
// - coarse_factor while no knee counted and the latest time already meets the runtime R the safeguards
//   require, or R is not known yet;
// - below R, the factor predicted to reach R * sqrt(scale_factor), clamped to [scale_factor,
//   coarse_factor]. The prediction extrapolates time ~ size^a, a from the latest two points (a vector
//   add's time grows like its size once the device is full, a square GEMM's like its size squared):
//   the sweep lands about where the thesis sweep's first size past the guard lies, [R, R * scale_factor),
//   which is where the knee counts, instead of up to coarse_factor past it (the knee of a chord detector
//   moves with the end of the curve it sees);
// - scale_factor once a knee counted: the post-knee sizes span what they span in the thesis sweep.
double next_factor(const AutoscaleSettings& s, bool knee_counted, std::optional<SizeTime> previous, SizeTime latest,
                   std::optional<double> required_runtime_s);

}  // namespace autobench::autoscale
