// Runs any registered kernel (kernels/kernel.hpp) on a CUDA device from its definition alone: fills its
// inputs, marshals its launch arguments, and compares its output with its CPU reference.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "kernels/kernel.hpp"
#include "suite/backend/cuda/device_context.hpp"

namespace autobench::backend::cuda {

// Queues the fill of one input buffer at size n: input_value(seed, i), or the kernel's init entry
// (taken from the module of `config`, any configuration of the space: the source needs its macros).
void fill_input(DeviceContext& ctx, const kernels::KernelSpec& kernel, const kernels::Tunables& config,
                const kernels::Buffer& buffer, void* p, std::uint64_t n);

// Queues one launch of `f` (the kernel compiled with the launch's configuration).
void launch(DeviceContext& ctx, CUfunction f, const kernels::Launch& launch, const std::vector<void*>& buffers);

// The CPU reference at the sampled elements of one output, computed once per check key and size (the
// sample positions depend only on the size), since verification runs for every configuration of a space.
class ReferenceCache {
 public:
  // After one launch: "" when the output matches check's reference, else what differs (sampled
  // elements at large n, see DeviceContext::sample).
  std::string compare(DeviceContext& ctx, const kernels::Check& check, const kernels::Buffer& output, const void* p);

 private:
  std::map<std::string, std::vector<kernels::Expected>> cache_;
};

// "k of s checked elements differ ...; first at index i: got x, expected y (tolerance t)" or "".
struct Mismatches {
  std::uint64_t checked = 0, wrong = 0;
  std::uint64_t first_index = 0;
  double first_got = 0, first_expected = 0, first_tolerance = 0;
  void add(std::uint64_t index, double got, double expected, double tolerance);
  std::string message() const;
};

}  // namespace autobench::backend::cuda
