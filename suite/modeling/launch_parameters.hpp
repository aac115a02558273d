// A configuration's launch geometry at a size as model parameters (threads launched, blocks, threads
// per block), derived from the kernel's own launch() so that every kernel has them.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "kernels/kernel.hpp"
#include "suite/modeling/model_run.hpp"

namespace autobench::modeling {

// The names, in the order launch_parameters returns the values: "launch_threads" (grid × block
// threads: the parallelism the configuration offers at this size, which decides how full the device
// is), "launch_blocks" (grid) and "block_threads" (block).
const std::vector<std::string>& launch_parameter_names();
bool is_launch_parameter(const std::string& name);

// Their values for `config` at size n; throws std::invalid_argument for a kernel without launch().
std::vector<double> launch_parameters(const kernels::KernelSpec& kernel, const kernels::Tunables& config,
                                      std::uint64_t n);

// The pool with the launch parameters appended to `names` and every row (those already there
// first removed, so the result is the same whether or not the pool had them); `include` false only
// removes them. Rows hold the tunables of `names` (constants included) and "size"; throws
// std::invalid_argument when "size" is missing or a row lacks a tunable the kernel's launch needs.
void set_launch_parameters(const kernels::KernelSpec& kernel, bool include, std::vector<std::string>& names,
                           Samples& pool);

}  // namespace autobench::modeling
