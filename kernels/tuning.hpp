// Tuning spaces: the configurations of a kernel at a size, and the helpers its definition builds them with.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "kernels/kernel.hpp"

namespace autobench::kernels {

// Every valid configuration of the kernel at problem size n, in a stable order (one empty Tunables
// for a kernel without tunables). Backend-independent: the cuda backend compiles each one as macros.
std::vector<Tunables> tuning_space(const KernelSpec& kernel, std::uint64_t n);

// The cartesian product of the axes, in lexicographic order of the axes as given.
using Axis = std::pair<std::string, std::vector<std::int64_t>>;
std::vector<Tunables> product(const std::vector<Axis>& axes);

// The value of a tunable, or throws std::out_of_range naming it.
std::int64_t tunable(const Tunables& t, const std::string& name);

}  // namespace autobench::kernels
