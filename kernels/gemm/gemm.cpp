// gemm: tiled SIMT float32 GEMM with CLBlast-style tunables (compute-bound): definition, validity
// rules, CPU reference and registration.
#include "kernels/gemm/gemm.hpp"

#include <cmath>
#include <utility>

#include "kernels/inputs.hpp"
#include "kernels/tuning.hpp"

namespace autobench::kernels::gemm {
namespace {

constexpr double kKd = static_cast<double>(kK);
double work(std::uint64_t m) { return 2.0 * static_cast<double>(m) * static_cast<double>(m) * kKd; }
double threads(std::uint64_t m) { return static_cast<double>(m) * static_cast<double>(m) / 16.0; }

std::vector<Buffer> buffers(std::uint64_t m) { return {{"A", m * kK, kSeedA}, {"B", kK * m, kSeedB}, {"C", m * m}}; }

// MWG,NWG {16..128}, MDIMC,NDIMC,MDIMA,NDIMB {8,16,32}, VWM,VWN {4,8}, KWG 16, KWI 2, SA = SB = 1,
// under the validity rules: 216 configurations, built once (the product has 5184, and every workload
// and dataset sample asks for the space at its size).
const std::vector<Tunables>& valid_configurations() {
  static const std::vector<Tunables> valid = [] {
    std::vector<Tunables> out;
    for (auto& t : product({{"MWG", {16, 32, 64, 128}},
                            {"NWG", {16, 32, 64, 128}},
                            {"KWG", {16}},
                            {"MDIMC", {8, 16, 32}},
                            {"NDIMC", {8, 16, 32}},
                            {"MDIMA", {8, 16, 32}},
                            {"NDIMB", {8, 16, 32}},
                            {"KWI", {2}},
                            {"VWM", {4, 8}},
                            {"VWN", {4, 8}},
                            {"SA", {1}},
                            {"SB", {1}}}))
      if (invalid_reason(t).empty()) out.push_back(std::move(t));
    return out;
  }();
  return valid;
}

// The valid configurations whose tiles divide m.
std::vector<Tunables> space(std::uint64_t m) {
  std::vector<Tunables> out;
  for (const auto& t : valid_configurations())
    if (fits(t, m)) out.push_back(t);
  return out;
}

Launch launch(const Tunables& t, std::uint64_t m) {
  const auto mwg = static_cast<std::uint64_t>(tunable(t, "MWG"));
  const auto nwg = static_cast<std::uint64_t>(tunable(t, "NWG"));
  const auto mm = static_cast<std::int32_t>(m);
  return {{m / mwg, m / nwg},
          {static_cast<std::uint64_t>(tunable(t, "MDIMC")), static_cast<std::uint64_t>(tunable(t, "NDIMC"))},
          {Arg::i32(mm), Arg::i32(mm), Arg::i32(static_cast<std::int32_t>(kK)), Arg::buffer(0), Arg::buffer(1),
           Arg::buffer(2)}};
}

Check check(const Tunables&, std::uint64_t m) {
  // Float32 accumulation over k products is within k * 2^-24 * sum|a*b| of the exact result (to
  // first order); twice that bound passes any summation order, while a wrong element is off by O(1).
  const double bound = 2.0 * kKd * std::ldexp(1.0, -24);
  return {2, 1u << 16, "", [m, bound](std::uint64_t index) {
            double magnitude = 0.0;
            const double value = expected(m, kK, index % m, index / m, &magnitude);
            return Expected{value, bound * magnitude + 1e-30};
          }};
}

// The per-thread tile: MWG/MDIMC × NWG/NDIMC accumulators.
std::pair<double, double> thread_tile(const Tunables& t) {
  return {static_cast<double>(tunable(t, "MWG")) / static_cast<double>(tunable(t, "MDIMC")),
          static_cast<double>(tunable(t, "NWG")) / static_cast<double>(tunable(t, "NDIMC"))};
}

// The per-thread tile (FMAs per loaded value) and A's shared-memory load transactions per FMA: each k
// step a thread loads its MWG/MDIMC values of A as VWM-wide vectors of VWM/4 128-bit loads, and 8-wide
// vectors, read along the fast thread index, conflict two ways, so a vector costs (VWM/4)²
// transactions: VWM / (16 · NWG/NDIMC) per FMA. (B's vectors are broadcast.)
std::vector<Derived> derived(const Tunables& t) {
  const auto [mwi, nwi] = thread_tile(t);
  return {{"thread_tile_m", mwi}, {"thread_tile_n", nwi},
          {"a_loads_per_fma", static_cast<double>(tunable(t, "VWM")) / (16.0 * nwi)}};
}

// Registers: the accumulators, one k slice of A and B and about 16 for indices and addresses, in the
// allocation unit of 8 (against nvcc 13.0 for sm_90 the blocks an SM holds then match the compiled
// kernels' in 164 of 216 configurations, and are within one in 211; tests/cuda/resource_estimate_test);
// shared memory: the A and B tiles of one k block (exact).
BlockResources resources(const Tunables& t) {
  const auto [mwi, nwi] = thread_tile(t);
  return {8.0 * std::ceil((mwi * nwi + mwi + nwi + 16.0) / 8.0),
          4.0 * static_cast<double>((tunable(t, "MWG") + tunable(t, "NWG")) * tunable(t, "KWG"))};
}

const Registration registration({.name = "gemm", .description = "tiled SIMT float32 GEMM, square m = n, k = 256",
    .bound = Bound::compute, .start_size = 128, .granularity = 128,
    .work = work, .threads = threads, .buffers = buffers, .tuning_space = space, .launch = launch, .check = check,
    .derived = derived, .resources = resources});

}  // namespace

std::string invalid_reason(const Tunables& t) {
  const std::int64_t mwg = tunable(t, "MWG"), nwg = tunable(t, "NWG"), kwg = tunable(t, "KWG");
  const std::int64_t mdimc = tunable(t, "MDIMC"), ndimc = tunable(t, "NDIMC");
  const std::int64_t mdima = tunable(t, "MDIMA"), ndimb = tunable(t, "NDIMB");
  const std::int64_t kwi = tunable(t, "KWI"), vwm = tunable(t, "VWM"), vwn = tunable(t, "VWN");
  const std::int64_t sa = tunable(t, "SA"), sb = tunable(t, "SB");
  for (std::int64_t v : {mwg, nwg, kwg, mdimc, ndimc, mdima, ndimb, kwi, vwm, vwn})
    if (v <= 0) return "every size must be positive";
  if ((sa != 0 && sa != 1) || (sb != 0 && sb != 1)) return "SA and SB must be 0 or 1";
  const std::int64_t threads = mdimc * ndimc;
  if (threads > 1024) return "MDIMC*NDIMC exceeds 1024 threads per block";
  if (kwg % kwi != 0) return "KWG must be a multiple of KWI";
  if (mwg % (mdimc * vwm) != 0) return "MWG must be a multiple of MDIMC*VWM";
  if (nwg % (ndimc * vwn) != 0) return "NWG must be a multiple of NDIMC*VWN";
  if (mwg % (mdima * vwm) != 0) return "MWG must be a multiple of MDIMA*VWM";
  if (nwg % (ndimb * vwn) != 0) return "NWG must be a multiple of NDIMB*VWN";
  if (threads % mdima != 0 || kwg % (threads / mdima) != 0) return "KWG must be a multiple of MDIMC*NDIMC/MDIMA";
  if (threads % ndimb != 0 || kwg % (threads / ndimb) != 0) return "KWG must be a multiple of MDIMC*NDIMC/NDIMB";
  if ((mwg / mdimc) * (nwg / ndimc) > 128) return "more than 128 accumulators per thread (MWG/MDIMC*NWG/NDIMC)";
  if (static_cast<std::uint64_t>(kK) % static_cast<std::uint64_t>(kwg) != 0) return "KWG must divide k = 256";
  return "";
}

bool fits(const Tunables& t, std::uint64_t m) {
  const auto mwg = static_cast<std::uint64_t>(tunable(t, "MWG"));
  const auto nwg = static_cast<std::uint64_t>(tunable(t, "NWG"));
  return m > 0 && m % mwg == 0 && m % nwg == 0;
}

double expected(std::uint64_t m, std::uint64_t k, std::uint64_t i, std::uint64_t j, double* magnitude) {
  double sum = 0.0, mag = 0.0;
  for (std::uint64_t kk = 0; kk < k; ++kk) {
    const double p = static_cast<double>(input_value(kSeedA, kk * m + i)) * static_cast<double>(input_value(kSeedB, kk * m + j));
    sum += p;
    mag += std::fabs(p);
  }
  if (magnitude != nullptr) *magnitude = mag;
  return sum;
}

}  // namespace autobench::kernels::gemm
