// Max-size estimate from two small builds (see max_size.hpp).
#include "suite/autoscale/max_size.hpp"

#include <limits>
#include <stdexcept>

namespace autobench::autoscale {

std::uint64_t estimate_max_size(backend::Device& device, const kernels::KernelSpec& kernel, std::uint64_t start_size,
                                double safety_factor) {
  const std::uint64_t n1 = kernel.round_size(start_size);
  const std::uint64_t n2 = kernel.round_size(2 * n1);
  const double b1 = static_cast<double>(device.prepare(kernel, n1)->allocated_bytes());
  const double b2 = static_cast<double>(device.prepare(kernel, n2)->allocated_bytes());
  const double e1 = kernel.elements(n1), e2 = kernel.elements(n2);
  const double per_element = (b2 - b1) / (e2 - e1);
  const double overhead = b1 - per_element * e1;
  const double budget = static_cast<double>(device.free_memory_bytes()) * safety_factor;
  auto fits = [&](std::uint64_t n) { return overhead + per_element * kernel.elements(n) <= budget; };

  if (!fits(n1)) return n1;
  std::uint64_t lo = n1, hi = n1;
  while (fits(hi)) {
    if (hi > std::numeric_limits<std::uint64_t>::max() / 4) return hi;  // no wrap-around, whatever the footprint
    lo = hi;
    hi *= 2;
  }
  while (hi - lo > kernel.granularity) {  // invariant: fits(lo), !fits(hi)
    const std::uint64_t mid = kernel.round_size(lo + (hi - lo) / 2);
    if (mid >= hi) break;
    (fits(mid) ? lo : hi) = mid;
  }
  return lo;
}

}  // namespace autobench::autoscale
