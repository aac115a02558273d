// stencil: 2-D 5-point Jacobi step on an m x m float32 grid, tile sizes, rows per thread and
// shared-memory staging tunable (bandwidth-bound with reuse): definition, CPU reference, registration.
#include "kernels/inputs.hpp"
#include "kernels/kernel.hpp"
#include "kernels/stencil/stencil.cuh"
#include "kernels/tuning.hpp"

namespace autobench::kernels::stencil {
namespace {

double square(std::uint64_t m) { return static_cast<double>(m) * static_cast<double>(m); }
// Effective bytes: each point read once and written once (the neighbour re-reads are the reuse).
double work(std::uint64_t m) { return 8.0 * square(m); }
double threads(std::uint64_t m) { return square(m); }

std::vector<Buffer> buffers(std::uint64_t m) { return {{"in", m * m, kSeedA}, {"out", m * m}}; }

std::vector<Tunables> space(std::uint64_t) {
  return product({{"TILE_X", {32, 64, 128}}, {"TILE_Y", {2, 4, 8}}, {"ROWS", {1, 4, 8}}, {"SHARED", {0, 1}}});
}

Launch launch(const Tunables& t, std::uint64_t m) {
  const auto tx = static_cast<std::uint64_t>(tunable(t, "TILE_X")), ty = static_cast<std::uint64_t>(tunable(t, "TILE_Y"));
  const std::uint64_t rows = ty * static_cast<std::uint64_t>(tunable(t, "ROWS"));  // rows per block
  return {{(m + tx - 1) / tx, (m + rows - 1) / rows}, {tx, ty}, {Arg::buffer(0), Arg::buffer(1), Arg::u64(m)}};
}

Check check(const Tunables&, std::uint64_t m) {
  return {1, 1u << 22, "", [m](std::uint64_t index) {
            const std::uint64_t r = index / m, c = index % m;
            auto at = [m](std::uint64_t rr, std::uint64_t cc) { return input_value(kSeedA, rr * m + cc); };
            const float north = r > 0 ? at(r - 1, c) : 0.0f, south = r + 1 < m ? at(r + 1, c) : 0.0f;
            const float west = c > 0 ? at(r, c - 1) : 0.0f, east = c + 1 < m ? at(r, c + 1) : 0.0f;
            return Expected{autobench_stencil(at(r, c), north, south, west, east), 0.0};
          }};
}

const Registration registration({.name = "stencil", .description = "2-D 5-point Jacobi step on an m x m float32 grid",
    .bound = Bound::bandwidth, .start_size = 256, .granularity = 32,
    .work = work, .threads = threads, .buffers = buffers, .tuning_space = space, .launch = launch, .check = check});

}  // namespace
}  // namespace autobench::kernels::stencil
