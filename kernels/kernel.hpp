// What a benchmark kernel is, independent of any backend: its problem-size semantics, memory
// footprint, work per launch and metric. The cuda backend adds sources; the sim backend models it.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace autobench::kernels {

// The bottleneck class: decides the metric (GB/s or GFLOP/s) and the sim backend's generic model.
enum class Bound { bandwidth, compute };
const char* to_string(Bound b);

// One tuning configuration: parameter name -> value (compiled in as macros on the cuda backend).
using Tunables = std::map<std::string, std::int64_t>;
std::string to_string(const Tunables& t);  // "BLOCK_SIZE=256,VW=4"; "" when empty

struct KernelSpec {
  std::string name;
  std::string description;
  Bound bound = Bound::bandwidth;
  std::uint64_t start_size = 1024;  // default first size of a sweep
  std::uint64_t granularity = 1;    // sizes are rounded up to a multiple of this
  // Default timing mode (--cold/--warm override): true re-initialises the inputs and flushes the L2
  // between timed launches, as the thesis reset memory between vecadd iterations.
  bool cold_by_default = false;

  // Per launch at problem size n.
  double (*work)(std::uint64_t n) = nullptr;      // bytes moved (bandwidth) or flops (compute)
  double (*elements)(std::uint64_t n) = nullptr;  // float32 elements allocated (memory footprint shape)
  double (*threads)(std::uint64_t n) = nullptr;   // independent work items (parallelism offered)

  const char* metric_unit() const { return bound == Bound::bandwidth ? "GB/s" : "GFLOP/s"; }
  // Metric value for one launch of size n taking `seconds`.
  double throughput(std::uint64_t n, double seconds) const { return work(n) / seconds * 1e-9; }
  std::uint64_t round_size(std::uint64_t n) const {
    return granularity <= 1 ? n : (n + granularity - 1) / granularity * granularity;
  }
};

// All kernels known to the suite, in a stable order.
const std::vector<KernelSpec>& all();
// nullptr when unknown.
const KernelSpec* find(const std::string& name);
std::vector<std::string> names();

}  // namespace autobench::kernels
