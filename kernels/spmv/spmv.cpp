// spmv: CSR sparse matrix-vector product, generated seeded matrix with 16 non-zeros per row at random
// columns (irregular access): definition, CPU reference, registration.
#include "kernels/spmv/spmv.cuh"

#include <cmath>

#include "kernels/inputs.hpp"
#include "kernels/kernel.hpp"
#include "kernels/tuning.hpp"

namespace autobench::kernels::spmv {
namespace {

constexpr std::uint64_t kNnz = AUTOBENCH_SPMV_NNZ;

// Effective bytes: per non-zero its value, column and gathered x; per row its start and y.
double work(std::uint64_t n) { return static_cast<double>(n) * (12.0 * kNnz + 8.0); }
double threads(std::uint64_t n) { return static_cast<double>(n) * 4.0; }

std::vector<Buffer> buffers(std::uint64_t n) {
  return {{"row_start", n + 1, 0, "spmv_init_rows", Element::u32},
          {"columns", n * kNnz, 0, "spmv_init_columns", Element::u32},
          {"values", n * kNnz, kSeedA},
          {"x", n, kSeedB},
          {"y", n}};
}

std::vector<Tunables> space(std::uint64_t) {
  return product({{"BLOCK_SIZE", {128, 256, 512}}, {"THREADS_PER_ROW", {1, 2, 4, 8, 16}}});
}

Launch launch(const Tunables& t, std::uint64_t n) {
  const auto block = static_cast<std::uint64_t>(tunable(t, "BLOCK_SIZE"));
  const std::uint64_t threads_needed = n * static_cast<std::uint64_t>(tunable(t, "THREADS_PER_ROW"));
  return {{(threads_needed + block - 1) / block},
          {block},
          {Arg::buffer(0), Arg::buffer(1), Arg::buffer(2), Arg::buffer(3), Arg::buffer(4), Arg::u64(n)}};
}

Check check(const Tunables&, std::uint64_t n) {
  // 16 products summed in some order: within 16 * 2^-24 * sum|a x| of the exact sum, twice that here.
  const double bound = 2.0 * static_cast<double>(kNnz) * std::ldexp(1.0, -24);
  return {4, 1u << 16, "", [n, bound](std::uint64_t row) {
            double sum = 0.0, magnitude = 0.0;
            for (std::uint64_t k = row * kNnz; k < (row + 1) * kNnz; ++k) {
              const double p = double(input_value(kSeedA, k)) * double(input_value(kSeedB, autobench_spmv_column(k, n)));
              sum += p;
              magnitude += std::fabs(p);
            }
            return Expected{sum, bound * magnitude + 1e-30};
          }};
}

const Registration registration({.name = "spmv", .description = "CSR SpMV, 16 non-zeros per row at seeded random columns",
    .bound = Bound::irregular, .start_size = 1 << 10, .granularity = 256,
    .work = work, .threads = threads, .buffers = buffers, .tuning_space = space, .launch = launch, .check = check});

}  // namespace
}  // namespace autobench::kernels::spmv
