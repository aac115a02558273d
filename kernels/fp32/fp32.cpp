// fp32: synthetic FP32 FMA kernel (compute-bound): definition, CPU reference and registration.
#include "kernels/fp32/fp32.hpp"

#include <cmath>

#include "kernels/inputs.hpp"
#include "kernels/kernel.hpp"
#include "kernels/tuning.hpp"

namespace autobench::kernels::fp32 {
namespace {

// Size is the number of threads; each does kFmasPerThread FMAs (whatever its NR_INNER x NR_OUTER
// split) and reads and writes one float in place.
double work(std::uint64_t n) { return 2.0 * static_cast<double>(kFmasPerThread) * static_cast<double>(n); }
double threads(std::uint64_t n) { return static_cast<double>(n); }

std::vector<Buffer> buffers(std::uint64_t n) { return {{"y", n, kSeedY}}; }

// BLOCK_SIZE {128,256,512,1024} x NR_INNER {4,8,16,32,64}, NR_OUTER = kFmasPerThread / NR_INNER (20).
std::vector<Tunables> space(std::uint64_t) {
  std::vector<Tunables> out = product({{"BLOCK_SIZE", {128, 256, 512, 1024}}, {"NR_INNER", {4, 8, 16, 32, 64}}});
  for (auto& t : out) t["NR_OUTER"] = kFmasPerThread / t.at("NR_INNER");
  return out;
}

Launch launch(const Tunables& t, std::uint64_t n) {
  const auto block = static_cast<std::uint64_t>(tunable(t, "BLOCK_SIZE"));
  return {{(n + block - 1) / block}, {block}, {Arg::buffer(0), Arg::u64(n), Arg::f32(kScale), Arg::f32(kOffset)}};
}

Check check(const Tunables& t, std::uint64_t) {
  // The CPU emulates the same float operations in the same order, so the results agree exactly.
  const std::int64_t inner = tunable(t, "NR_INNER"), outer = tunable(t, "NR_OUTER");
  return {0, 1u << 12, std::to_string(inner) + "x" + std::to_string(outer), [inner, outer](std::uint64_t i) {
            return Expected{expected(input_value(kSeedY, i), inner, outer), 0.0};
          }};
}

const Registration registration({.name = "fp32", .description = "synthetic FP32 FMA kernel",
    .bound = Bound::compute, .start_size = 1 << 10, .granularity = 256,
    .work = work, .threads = threads, .buffers = buffers, .tuning_space = space, .launch = launch, .check = check});

}  // namespace

float expected(float x0, std::int64_t nr_inner, std::int64_t nr_outer) {
  std::vector<float> acc(static_cast<std::size_t>(nr_inner));
  for (std::int64_t j = 0; j < nr_inner; ++j) acc[static_cast<std::size_t>(j)] = x0 + static_cast<float>(j) * 0.0625f;
  for (std::int64_t o = 0; o < nr_outer; ++o)
    for (float& a : acc) a = std::fma(a, kScale, kOffset);
  float sum = 0.0f;
  for (float a : acc) sum += a;
  return sum * (1.0f / static_cast<float>(nr_inner));
}

}  // namespace autobench::kernels::fp32
