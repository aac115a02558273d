// transpose: m x m float32 transpose through shared-memory tiles, bank-conflict padding tunable
// (bandwidth-bound): definition, CPU reference, registration.
#include "kernels/inputs.hpp"
#include "kernels/kernel.hpp"
#include "kernels/tuning.hpp"

namespace autobench::kernels::transpose {
namespace {

double square(std::uint64_t m) { return static_cast<double>(m) * static_cast<double>(m); }
double work(std::uint64_t m) { return 8.0 * square(m); }  // one read and one write per element
double threads(std::uint64_t m) { return square(m) / 4.0; }

std::vector<Buffer> buffers(std::uint64_t m) { return {{"in", m * m, kSeedA}, {"out", m * m}}; }

// TILE {16, 32} x ROWS {4, 8, 16} (at most TILE) x PAD {0, 1}, tiles that divide m: 12 at any multiple of 32.
std::vector<Tunables> space(std::uint64_t m) {
  std::vector<Tunables> out;
  for (auto& t : product({{"TILE", {16, 32}}, {"ROWS", {4, 8, 16}}, {"PAD", {0, 1}}}))
    if (t.at("ROWS") <= t.at("TILE") && m % static_cast<std::uint64_t>(t.at("TILE")) == 0) out.push_back(t);
  return out;
}

Launch launch(const Tunables& t, std::uint64_t m) {
  const auto tile = static_cast<std::uint64_t>(tunable(t, "TILE"));
  return {{m / tile, m / tile}, {tile, static_cast<std::uint64_t>(tunable(t, "ROWS"))}, {Arg::buffer(0), Arg::buffer(1), Arg::u64(m)}};
}

Check check(const Tunables&, std::uint64_t m) {
  // out(r, c) = in(c, r): a copy, exact.
  return {1, 1u << 22, "", [m](std::uint64_t index) {
            return Expected{input_value(kSeedA, (index % m) * m + index / m), 0.0};
          }};
}

const Registration registration({.name = "transpose", .description = "m x m float32 transpose through shared-memory tiles",
    .bound = Bound::bandwidth, .start_size = 256, .granularity = 32,
    .work = work, .threads = threads, .buffers = buffers, .tuning_space = space, .launch = launch, .check = check});

}  // namespace
}  // namespace autobench::kernels::transpose
