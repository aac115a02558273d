// triad: STREAM a = b + s * c over float32 (bandwidth-bound): definition, CPU reference, registration.
#include <algorithm>
#include <cmath>

#include "kernels/inputs.hpp"
#include "kernels/kernel.hpp"
#include "kernels/tuning.hpp"

namespace autobench::kernels::triad {
namespace {

constexpr float kScalar = 3.0f;

double work(std::uint64_t n) { return 12.0 * static_cast<double>(n); }  // 2 reads + 1 write
double threads(std::uint64_t n) { return static_cast<double>(n); }

std::vector<Buffer> buffers(std::uint64_t n) { return {{"a", n}, {"b", n, kSeedA}, {"c", n, kSeedB}}; }

std::vector<Tunables> space(std::uint64_t) {
  return product({{"BLOCK_SIZE", {128, 256, 512, 1024}}, {"VEC", {1, 2, 4}}, {"ELEMS_PER_THREAD", {1, 2, 4}}});
}

Launch launch(const Tunables& t, std::uint64_t n) {
  const auto block = static_cast<std::uint64_t>(tunable(t, "BLOCK_SIZE"));
  const auto per_block = block * static_cast<std::uint64_t>(tunable(t, "ELEMS_PER_THREAD"));
  const std::uint64_t vectors = n / static_cast<std::uint64_t>(tunable(t, "VEC"));
  return {{std::max<std::uint64_t>((vectors + per_block - 1) / per_block, 1)},
          {block},
          {Arg::buffer(0), Arg::buffer(1), Arg::buffer(2), Arg::f32(kScalar), Arg::u64(n)}};
}

Check check(const Tunables&, std::uint64_t) {
  // One fused multiply-add, correctly rounded on both sides: exact agreement.
  return {0, 1u << 22, "", [](std::uint64_t i) {
            return Expected{std::fma(kScalar, input_value(kSeedB, i), input_value(kSeedA, i)), 0.0};
          }};
}

const Registration registration({.name = "triad", .description = "STREAM triad a = b + s*c over float32",
    .bound = Bound::bandwidth, .start_size = 1 << 12, .granularity = 256,
    .work = work, .threads = threads, .buffers = buffers, .tuning_space = space, .launch = launch, .check = check});

}  // namespace
}  // namespace autobench::kernels::triad
