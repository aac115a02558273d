// How one benchmark kernel runs on the cuda backend: its buffers, its launch geometry and arguments,
// and the comparison of its output with the CPU reference (kernels/reference.hpp).
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "kernels/kernel.hpp"
#include "suite/backend/cuda/device_context.hpp"

namespace autobench::backend::cuda {

struct BufferSpec {
  std::string name;        // "A", "c", ...: names it in errors
  std::uint64_t elements;  // float32 elements
  unsigned int seed;       // inputs: filled with input_value(seed, i); 0: an output
};

class KernelRunner {
 public:
  virtual ~KernelRunner() = default;
  // The embedded source and its entry point.
  virtual std::string source() const = 0;
  virtual std::string entry() const = 0;
  // The buffers at size n, in the order launch() and check() receive them.
  virtual std::vector<BufferSpec> buffers(std::uint64_t n) const = 0;
  // Queues one launch of `f` (source() compiled with `config`) at size n.
  virtual void launch(DeviceContext& ctx, CUfunction f, const kernels::Tunables& config, std::uint64_t n,
                      const std::vector<float*>& buffers) const = 0;
  // After one launch on freshly filled inputs: "" when the output matches the reference, else what
  // differs (sampled elements at large n, see DeviceContext::sample).
  virtual std::string check(DeviceContext& ctx, const kernels::Tunables& config, std::uint64_t n,
                            const std::vector<float*>& buffers) const = 0;
};

// The runner of a kernel of kernels::all(); throws DeviceError for a kernel the backend cannot run.
std::unique_ptr<KernelRunner> make_runner(const kernels::KernelSpec& kernel);
// One per kernel, each in its own <name>_runner.cpp.
std::unique_ptr<KernelRunner> make_vecadd_runner();
std::unique_ptr<KernelRunner> make_gemm_runner();
std::unique_ptr<KernelRunner> make_fp32_runner();

// The CPU reference at the sampled elements of one output, computed once per workload and key (the
// sample positions depend only on the size, and the reference on the few tunables that change the
// arithmetic), since verify() runs it for every configuration of a space.
class ReferenceCache {
 public:
  struct Expected {
    double value, tolerance;
  };
  // Compares `samples` with the reference of `key`, computing it with `reference(index)` the first time.
  template <typename Reference>
  std::string compare(const std::string& key, const std::vector<Sample>& samples, Reference reference);

 private:
  std::map<std::string, std::vector<Expected>> cache_;
};

// "k of s sampled elements differ ...; first at index i: got x, expected y (tolerance t)" or "".
struct Mismatches {
  std::uint64_t checked = 0, wrong = 0;
  std::uint64_t first_index = 0;
  double first_got = 0, first_expected = 0, first_tolerance = 0;
  void add(std::uint64_t index, double got, double expected, double tolerance);
  std::string message() const;
};

template <typename Reference>
std::string ReferenceCache::compare(const std::string& key, const std::vector<Sample>& samples, Reference reference) {
  std::vector<Expected>& expected = cache_[key];
  if (expected.size() != samples.size()) {
    expected.clear();
    expected.reserve(samples.size());
    for (const Sample& s : samples) expected.push_back(reference(s.index));
  }
  Mismatches m;
  for (std::size_t i = 0; i < samples.size(); ++i)
    m.add(samples[i].index, samples[i].value, expected[i].value, expected[i].tolerance);
  return m.message();
}

}  // namespace autobench::backend::cuda
