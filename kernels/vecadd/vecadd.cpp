// vecadd: c = a + b over n float32 (bandwidth-bound): definition, CPU reference and registration.
#include "kernels/inputs.hpp"
#include "kernels/kernel.hpp"
#include "kernels/tuning.hpp"

namespace autobench::kernels::vecadd {
namespace {

double work(std::uint64_t n) { return 12.0 * static_cast<double>(n); }  // 2 reads + 1 write
double threads(std::uint64_t n) { return static_cast<double>(n); }

std::vector<Buffer> buffers(std::uint64_t n) { return {{"a", n, kSeedA}, {"b", n, kSeedB}, {"c", n}}; }

std::vector<Tunables> space(std::uint64_t) {
  return product({{"BLOCK_SIZE", {128, 256, 512, 1024}}, {"ELEMS_PER_THREAD", {1, 2, 4, 8}}});
}

Launch launch(const Tunables& t, std::uint64_t n) {
  const auto block = static_cast<std::uint64_t>(tunable(t, "BLOCK_SIZE"));
  const auto per_block = block * static_cast<std::uint64_t>(tunable(t, "ELEMS_PER_THREAD"));
  return {{(n + per_block - 1) / per_block}, {block}, {Arg::buffer(0), Arg::buffer(1), Arg::buffer(2), Arg::u64(n)}};
}

Check check(const Tunables&, std::uint64_t) {
  // One correctly rounded addition: the device and the CPU agree exactly.
  return {2, 1u << 22, "", [](std::uint64_t i) { return Expected{input_value(kSeedA, i) + input_value(kSeedB, i), 0.0}; }};
}

// cold_by_default: the thesis reset device memory between vecadd iterations.
const Registration registration({.name = "vecadd", .description = "c = a + b over float32",
    .bound = Bound::bandwidth, .start_size = 1 << 12, .granularity = 256, .cold_by_default = true,
    .work = work, .threads = threads, .buffers = buffers, .tuning_space = space, .launch = launch, .check = check});

}  // namespace
}  // namespace autobench::kernels::vecadd
