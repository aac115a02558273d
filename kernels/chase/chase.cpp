// chase: pointer chasing through one random cycle, one dependent load chain per thread (latency-bound):
// definition, CPU reference, registration.
#include "kernels/chase/chase.cuh"

#include "kernels/kernel.hpp"
#include "kernels/tuning.hpp"

namespace autobench::kernels::chase {
namespace {

constexpr std::uint64_t kSteps = AUTOBENCH_CHASE_STEPS;

// Size is the number of chains (threads); each loads kSteps 8-byte slots one after the other.
double work(std::uint64_t n) { return 8.0 * static_cast<double>(kSteps) * static_cast<double>(n); }
double threads(std::uint64_t n) { return static_cast<double>(n); }

std::vector<Buffer> buffers(std::uint64_t n) {
  return {{"next", 2 * n * kSteps, 0, "chase_init", Element::u32}, {"ends", n, 0, "", Element::u32}};
}

std::vector<Tunables> space(std::uint64_t) { return product({{"BLOCK_SIZE", {64, 128, 256, 512}}, {"UNROLL", {1, 4}}}); }

Launch launch(const Tunables& t, std::uint64_t n) {
  const auto block = static_cast<std::uint64_t>(tunable(t, "BLOCK_SIZE"));
  return {{(n + block - 1) / block}, {block}, {Arg::buffer(0), Arg::buffer(1), Arg::u64(n)}};
}

Check check(const Tunables&, std::uint64_t n) {
  // Chain t starts at cycle position t * kSteps and ends kSteps positions later: exact.
  return {1, 1u << 16, "", [n](std::uint64_t t) {
            const std::uint64_t size = n * kSteps;
            const std::uint64_t end = autobench_chase_permute((t + 1) * kSteps % size, size);
            return Expected{static_cast<double>(static_cast<std::uint32_t>(end)), 0.0};
          }};
}

const Registration registration({.name = "chase", .description = "pointer chase through one random cycle, one dependent chain per thread",
    .bound = Bound::latency, .start_size = 1 << 8, .granularity = 64,
    .work = work, .threads = threads, .buffers = buffers, .tuning_space = space, .launch = launch, .check = check});

}  // namespace
}  // namespace autobench::kernels::chase
