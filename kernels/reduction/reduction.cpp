// reduction: segmented float32 sum, tree or warp-shuffle block reduction (bandwidth plus
// synchronisation): definition, CPU reference, registration.
#include <algorithm>
#include <cmath>

#include "kernels/inputs.hpp"
#include "kernels/kernel.hpp"
#include "kernels/reduction/reduction.cuh"
#include "kernels/tuning.hpp"

namespace autobench::kernels::reduction {
namespace {

constexpr std::uint64_t kSegment = kReductionSegment;
std::uint64_t segments(std::uint64_t n) { return (n + kSegment - 1) / kSegment; }

double work(std::uint64_t n) { return 4.0 * static_cast<double>(n + segments(n)); }
// Parallelism offered: one block per segment; about 8 floats per thread in flight.
double threads(std::uint64_t n) { return static_cast<double>(n) / 8.0; }

std::vector<Buffer> buffers(std::uint64_t n) { return {{"x", n, kSeedA}, {"sums", segments(n)}}; }

std::vector<Tunables> space(std::uint64_t) {
  return product({{"BLOCK_SIZE", {128, 256, 512, 1024}}, {"SHUFFLE", {0, 1}}, {"VEC", {1, 4}}});
}

Launch launch(const Tunables& t, std::uint64_t n) {
  return {{segments(n)}, {static_cast<std::uint64_t>(tunable(t, "BLOCK_SIZE"))}, {Arg::buffer(0), Arg::buffer(1), Arg::u64(n)}};
}

Check check(const Tunables&, std::uint64_t n) {
  // A float sum of s terms in any order is within s * 2^-24 * sum|x| of the exact one (first order);
  // here each thread sums at most kSegment/128 terms serially, then log2(1024) tree levels follow.
  const double per_magnitude = 2.0 * (static_cast<double>(kSegment) / 128.0 + 10.0) * std::ldexp(1.0, -24);
  return {1, 1u << 11, "", [n, per_magnitude](std::uint64_t segment) {
            double sum = 0.0, magnitude = 0.0;
            const std::uint64_t end = std::min(n, (segment + 1) * kSegment);
            for (std::uint64_t i = segment * kSegment; i < end; ++i) {
              const double v = input_value(kSeedA, i);
              sum += v;
              magnitude += std::fabs(v);
            }
            return Expected{sum, per_magnitude * magnitude + 1e-30};
          }};
}

const Registration registration({.name = "reduction", .description = "float32 sum of 8192-float segments, tree or warp-shuffle block reduction",
    .bound = Bound::bandwidth_sync, .start_size = 1 << 14, .granularity = 256,
    .work = work, .threads = threads, .buffers = buffers, .tuning_space = space, .launch = launch, .check = check});

}  // namespace
}  // namespace autobench::kernels::reduction
