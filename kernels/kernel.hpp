// What a benchmark kernel is, independent of any backend: its problem-size semantics, buffers, launch,
// metric, tuning space, bottleneck class and verification. Each kernels/<name>/ folder fills one
// KernelSpec and registers it with a static kernels::Registration; the backends know nothing else.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace autobench::kernels {

// A quantity derived from a configuration, for performance models: name and value.
struct Derived {
  std::string name;
  double value = 0;
};

// What one thread block of a configuration holds on an SM, estimated from the configuration (the
// compiler decides the registers): registers per thread and shared memory in bytes.
struct BlockResources {
  double registers_per_thread = 0;
  double shared_bytes = 0;
};

// The bottleneck class: decides the metric (GFLOP/s for compute, GB/s for the others) and the sim
// backend's model of the kernel.
enum class Bound { bandwidth, compute, bandwidth_sync, irregular, contention, latency };
const char* to_string(Bound b);  // "bandwidth", "compute", "bandwidth+sync", "irregular", ...

// One tuning configuration: parameter name -> value (compiled in as macros on the cuda backend).
using Tunables = std::map<std::string, std::int64_t>;
std::string to_string(const Tunables& t);  // "BLOCK_SIZE=256,VW=4"; "" when empty

// How a buffer's 4-byte words are read back for verification.
enum class Element { f32, u32 };

// One device buffer of a launch, in 4-byte words. Inputs are filled before every verification and
// cold launch: with input_value(seed, i) (kernels/inputs.hpp), or by the kernel source's own `init`
// entry point init(unsigned* p, unsigned long long words, unsigned long long n) (index arrays).
struct Buffer {
  Buffer() = default;
  // {"a", n, kSeedA}: the fields in order, the rest left at their defaults.
  Buffer(std::string name_, std::uint64_t words_, unsigned int seed_ = 0, std::string init_ = "",
         Element element_ = Element::f32, bool accumulated_ = false)
      : name(std::move(name_)), words(words_), seed(seed_), init(std::move(init_)), element(element_),
        accumulated(accumulated_) {}
  std::string name;         // "A", "c", ...: names it in errors
  std::uint64_t words = 0;  // 4-byte words
  unsigned int seed = 0;    // != 0: filled with input_value(seed, i)
  std::string init;         // != "": filled by this entry point of the kernel's source
  Element element = Element::f32;
  bool accumulated = false;  // an output the kernel adds into: zeroed (not NaN-poisoned) before verification
  bool input() const { return seed != 0 || !init.empty(); }
};

// One kernel argument: a buffer of buffers() by index, or a scalar.
struct Arg {
  enum class Kind { buffer, i32, u32, u64, f32 };
  Kind kind = Kind::buffer;
  std::uint64_t bits = 0;  // the buffer index, or the scalar's bits
  static Arg buffer(std::size_t index) { return {Kind::buffer, index}; }
  static Arg i32(std::int32_t v) { return {Kind::i32, static_cast<std::uint32_t>(v)}; }
  static Arg u32(std::uint32_t v) { return {Kind::u32, v}; }
  static Arg u64(std::uint64_t v) { return {Kind::u64, v}; }
  static Arg f32(float v);
};

struct Dim {
  std::uint64_t x = 1, y = 1, z = 1;
};

// One launch of the kernel's entry point (its name) at a size with a configuration.
struct Launch {
  Dim grid, block;
  std::vector<Arg> args;
};

// The CPU reference of one output element and how far the device may be from it.
struct Expected {
  double value = 0, tolerance = 0;
};

// What verification compares after one launch on freshly filled inputs.
struct Check {
  std::size_t buffer = 0;          // the output buffer (index into buffers())
  std::uint64_t max_samples = 0;   // all elements up to this many, else a spread sample of about as many
  std::string key;                 // what the reference depends on besides n ("" for nothing): a cache key
  std::function<Expected(std::uint64_t index)> expected;
};

struct KernelSpec {
  std::string name;  // also the CUDA entry point and, with ".cu", its source file in kernels/<name>/
  std::string description;
  Bound bound = Bound::bandwidth;
  std::uint64_t start_size = 1024;  // default first size of a sweep
  std::uint64_t granularity = 1;    // sizes are rounded up to a multiple of this
  // Default timing mode (--cold/--warm override): true re-initialises the inputs and flushes the L2
  // between timed launches, as the thesis reset memory between vecadd iterations.
  bool cold_by_default = false;

  // Per launch at problem size n.
  double (*work)(std::uint64_t n) = nullptr;     // bytes moved (GB/s kernels) or flops (compute)
  double (*threads)(std::uint64_t n) = nullptr;  // independent work items (parallelism offered)
  std::vector<Buffer> (*buffers)(std::uint64_t n) = nullptr;
  // Every valid configuration at size n, in a stable order; nullptr: one empty configuration.
  std::vector<Tunables> (*tuning_space)(std::uint64_t n) = nullptr;
  Launch (*launch)(const Tunables& config, std::uint64_t n) = nullptr;
  Check (*check)(const Tunables& config, std::uint64_t n) = nullptr;
  // Optional, for performance models (suite/modeling): quantities of a configuration its speed follows
  // more directly than the tunables (GEMM: the per-thread tile), always in the same order, and the
  // resources one block takes (which decide how many blocks an SM holds).
  std::vector<Derived> (*derived)(const Tunables& config) = nullptr;
  BlockResources (*resources)(const Tunables& config) = nullptr;

  std::string source() const { return name + ".cu"; }
  const char* metric_unit() const { return bound == Bound::compute ? "GFLOP/s" : "GB/s"; }
  // Metric value for one launch of size n taking `seconds`.
  double throughput(std::uint64_t n, double seconds) const { return work(n) / seconds * 1e-9; }
  // The memory footprint at size n in 4-byte words: the sum of the buffers.
  double elements(std::uint64_t n) const;
  // Whether the buffers at size n take at most `bytes`. Sizes are walked up by doubling from the
  // granularity and the walk stops at the first one over `bytes`, so a size whose word count would
  // overflow (m * m for m beyond 2^32) is never evaluated: it is reported as not fitting.
  bool fits_in(std::uint64_t n, double bytes) const;
  std::uint64_t round_size(std::uint64_t n) const {
    return granularity <= 1 ? n : (n + granularity - 1) / granularity * granularity;
  }
};

// A kernel folder's one static Registration object adds its KernelSpec to the catalogue.
struct Registration {
  explicit Registration(KernelSpec spec);
};

// All registered kernels, by name.
const std::vector<KernelSpec>& all();
// nullptr when unknown.
const KernelSpec* find(const std::string& name);
std::vector<std::string> names();

}  // namespace autobench::kernels
