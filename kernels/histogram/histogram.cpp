// histogram: atomic counts of 32-bit bin indices into 256 bins (contention-bound): definition, CPU
// reference, registration.
#include "kernels/histogram/histogram.cuh"

#include "kernels/kernel.hpp"
#include "kernels/tuning.hpp"

namespace autobench::kernels::histogram {
namespace {

constexpr std::uint64_t kBins = AUTOBENCH_HISTOGRAM_BINS;

double work(std::uint64_t n) { return 4.0 * static_cast<double>(n); }  // the data read once
double threads(std::uint64_t n) { return static_cast<double>(n); }

std::vector<Buffer> buffers(std::uint64_t n) {
  return {{"data", n, 0, "histogram_init", Element::u32}, {"counts", kBins, 0, "", Element::u32, true}};
}

std::vector<Tunables> space(std::uint64_t) {
  return product({{"BLOCK_SIZE", {128, 256, 512, 1024}}, {"ITEMS", {1, 4, 16}}, {"PRIVATE", {0, 1}}});
}

Launch launch(const Tunables& t, std::uint64_t n) {
  const auto block = static_cast<std::uint64_t>(tunable(t, "BLOCK_SIZE"));
  const auto per_block = block * static_cast<std::uint64_t>(tunable(t, "ITEMS"));
  return {{(n + per_block - 1) / per_block}, {block}, {Arg::buffer(0), Arg::buffer(1), Arg::u64(n)}};
}

Check check(const Tunables&, std::uint64_t n) {
  // Every full chunk of kBins elements holds each bin once; the last, partial chunk is counted here.
  return {1, kBins, "", [n](std::uint64_t bin) {
            double count = static_cast<double>(n / kBins);
            for (std::uint64_t i = n / kBins * kBins; i < n; ++i) count += autobench_histogram_bin(i) == bin;
            return Expected{count, 0.0};
          }};
}

const Registration registration({.name = "histogram", .description = "atomic 256-bin histogram of 32-bit bin indices",
    .bound = Bound::contention, .start_size = 1 << 12, .granularity = 256,
    .work = work, .threads = threads, .buffers = buffers, .tuning_space = space, .launch = launch, .check = check});

}  // namespace
}  // namespace autobench::kernels::histogram
