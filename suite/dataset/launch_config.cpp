// Launch configurations (see launch_config.hpp).
#include "suite/dataset/launch_config.hpp"

namespace autobench::dataset {

const char* to_string(Origin o) { return o == Origin::sampled ? "sampled" : "iqr"; }

std::uint64_t size_for_workgroups(const LaunchShape& shape, const kernels::Tunables& config, std::uint64_t target) {
  const std::uint64_t g = shape.granularity == 0 ? 1 : shape.granularity;
  std::uint64_t lo = (shape.min_size + g - 1) / g, hi = shape.max_size / g;  // in units of g
  if (lo == 0) lo = 1;
  if (lo > hi || shape.workgroups(hi * g, config) < target) return 0;
  while (lo < hi) {  // smallest k in [lo, hi] with workgroups(k g) >= target
    const std::uint64_t mid = lo + (hi - lo) / 2;
    if (shape.workgroups(mid * g, config) >= target)
      hi = mid;
    else
      lo = mid + 1;
  }
  return lo * g;
}

LaunchConfig make_config(const LaunchShape& shape, const kernels::Tunables& config, std::uint64_t n,
                         const backend::Occupancy& occupancy) {
  LaunchConfig c;
  c.kernel = shape.kernel;
  c.tunables = config;
  c.size = n;
  c.workgroups = shape.workgroups(n, config);
  c.block_threads = shape.block_threads(config);
  c.regime = classify(c.workgroups, occupancy, c.block_threads);
  return c;
}

}  // namespace autobench::dataset
