// The kernels' tuning spaces and the gemm validity rules.
#include "kernels/tuning.hpp"

#include <stdexcept>

#include "kernels/shapes.hpp"

namespace autobench::kernels {
namespace {

// The cartesian product of the axes, in lexicographic order of the axes as given.
std::vector<Tunables> product(const std::vector<std::pair<std::string, std::vector<std::int64_t>>>& axes) {
  std::vector<Tunables> out{Tunables{}};
  for (const auto& [name, values] : axes) {
    std::vector<Tunables> next;
    next.reserve(out.size() * values.size());
    for (const auto& partial : out) {
      for (std::int64_t v : values) {
        Tunables t = partial;
        t[name] = v;
        next.push_back(std::move(t));
      }
    }
    out = std::move(next);
  }
  return out;
}

std::vector<Tunables> vecadd_space() {
  return product({{"BLOCK_SIZE", {128, 256, 512, 1024}}, {"ELEMS_PER_THREAD", {1, 2, 4, 8}}});
}

std::vector<Tunables> fp32_space() {
  std::vector<Tunables> out = product({{"BLOCK_SIZE", {128, 256, 512, 1024}}, {"NR_INNER", {4, 8, 16, 32, 64}}});
  for (auto& t : out) t["NR_OUTER"] = kFp32FmasPerThread / t.at("NR_INNER");
  return out;
}

std::vector<Tunables> gemm_space(std::uint64_t m) {
  const std::vector<Tunables> all = product({{"MWG", {16, 32, 64, 128}},
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
                                             {"SB", {1}}});
  std::vector<Tunables> out;
  for (const auto& t : all)
    if (gemm_invalid_reason(t).empty() && gemm_fits(t, m)) out.push_back(t);
  return out;
}

}  // namespace

std::int64_t tunable(const Tunables& t, const std::string& name) {
  auto it = t.find(name);
  if (it == t.end()) throw std::out_of_range("tunable " + name + " missing from configuration '" + to_string(t) + "'");
  return it->second;
}

std::string gemm_invalid_reason(const Tunables& t) {
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
  if (static_cast<std::uint64_t>(kGemmK) % static_cast<std::uint64_t>(kwg) != 0) return "KWG must divide k = 256";
  return "";
}

bool gemm_fits(const Tunables& t, std::uint64_t m) {
  const auto mwg = static_cast<std::uint64_t>(tunable(t, "MWG"));
  const auto nwg = static_cast<std::uint64_t>(tunable(t, "NWG"));
  return m > 0 && m % mwg == 0 && m % nwg == 0;
}

std::vector<Tunables> tuning_space(const KernelSpec& kernel, std::uint64_t n) {
  if (kernel.name == "vecadd") return vecadd_space();
  if (kernel.name == "gemm") return gemm_space(n);
  if (kernel.name == "fp32") return fp32_space();
  return {Tunables{}};
}

}  // namespace autobench::kernels
