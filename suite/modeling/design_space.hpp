// The space a performance model covers: a kernel's tuning configurations × problem sizes (× locked SM
// clocks), its parameters as model columns, and uniform random samples of it.
#pragma once

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "kernels/kernel.hpp"
#include "model/linear_model.hpp"
#include "suite/modeling/derived_parameters.hpp"

namespace autobench::modeling {

// The configurations a model samples at size n. The one place the modelling code asks for a
// kernel's tuning space, so it can follow the kernels wherever they keep it.
std::vector<kernels::Tunables> configurations(const kernels::KernelSpec& kernel, std::uint64_t n);

// One point of the space; clock_mhz 0: clocks not locked (not a model parameter).
struct DesignPoint {
  kernels::Tunables config;
  std::uint64_t size = 0;
  unsigned clock_mhz = 0;
};

struct DesignSpace {
  const kernels::KernelSpec* kernel = nullptr;
  std::vector<std::uint64_t> sizes;
  std::vector<unsigned> clocks_mhz;  // empty: clocks not locked
  Offered offered;                   // parameters derived from the points (derived_parameters.hpp)
};

// The model's parameter names: the tunables (sorted by name), "size", "sm_clock_mhz" when clocks are
// locked, then the derived parameters the space offers.
std::vector<std::string> parameter_names(const DesignSpace& space);
// A point as a model row in parameter_names' order.
model::Row to_row(const DesignPoint& p, const DesignSpace& space);
// The inverse (derived parameters are skipped): throws std::invalid_argument
// naming a missing or non-integral value.
DesignPoint from_row(const model::Row& row, const DesignSpace& space);

// Default sizes of a kernel's model: its start size × 4, 8, 16, 32 and 64.
std::vector<std::uint64_t> default_sizes(const kernels::KernelSpec& kernel);

// Number of points in the space (every size's valid configurations × clocks).
std::size_t space_size(const DesignSpace& space);
// `count` distinct points drawn uniformly at random (without replacement) from the space; throws
// std::invalid_argument when the space has fewer.
std::vector<DesignPoint> sample(const DesignSpace& space, std::size_t count, std::mt19937_64& rng);

}  // namespace autobench::modeling
