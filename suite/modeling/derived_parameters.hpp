// Model parameters derived from a point (a configuration at a size): its launch geometry, the kernel's
// own derived quantities and how full the launch keeps the device, so that every kernel has them.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "kernels/kernel.hpp"
#include "suite/backend/residency.hpp"
#include "suite/modeling/model_run.hpp"

namespace autobench::modeling {

// Which derived parameters a model offers besides the tunables, the size and the clock, in this order:
// - launch: "launch_threads" (grid × block threads: the parallelism the configuration offers at this
//   size), "launch_blocks" (grid) and "block_threads" (block), from the kernel's launch();
// - derived: the kernel's derived quantities (KernelSpec::derived, e.g. GEMM's per-thread tile), then
//   "blocks_per_sm" (blocks an SM holds in the first wave: the grid over the SMs, at most what the
//   SM's threads, block slots, registers and shared memory allow for the kernel's estimated
//   resources) and "resident_threads" (threads the device holds in the first wave), on `device`.
struct Offered {
  bool launch = false;
  bool derived = false;
  backend::Occupancy device;  // sm_count 0: not known, and then the derived ones cannot be computed
};

// What a model whose parameters are `names` was offered (on `device`).
Offered offered_by(const std::vector<std::string>& names, const backend::Occupancy& device);

std::vector<std::string> derived_parameter_names(const kernels::KernelSpec& kernel, const Offered& offered);
// Whether `name` is one of the parameters the kernel can derive (whatever is offered).
bool is_derived_parameter(const kernels::KernelSpec& kernel, const std::string& name);

// Their values for `config` at size n; throws std::invalid_argument for a kernel without launch(), or
// derived ones on a device whose SM count is not known.
std::vector<double> derived_parameters(const kernels::KernelSpec& kernel, const Offered& offered,
                                       const kernels::Tunables& config, std::uint64_t n);

// The pool with the offered parameters appended to `names` and every row (derived ones already there
// first removed, so the result is the same whether or not the pool had them; nothing offered only
// removes them). Rows hold the tunables of `names` (constants included) and "size"; throws
// std::invalid_argument when "size" is missing or a row lacks a tunable the kernel needs.
void set_derived_parameters(const kernels::KernelSpec& kernel, const Offered& offered, std::vector<std::string>& names,
                            Samples& pool);

}  // namespace autobench::modeling
