// The kernel catalogue: the definitions of every benchmark kernel's metrics and footprint.
#include <algorithm>

#include "kernels/kernel.hpp"
#include "kernels/shapes.hpp"

namespace autobench::kernels {
namespace {

// vecadd: c = a + b over float32; 2 reads + 1 write per element.
double vecadd_work(std::uint64_t n) { return 12.0 * static_cast<double>(n); }
double vecadd_elements(std::uint64_t n) { return 3.0 * static_cast<double>(n); }
double vecadd_threads(std::uint64_t n) { return static_cast<double>(n); }

// gemm: C(m x m) = A(m x k) * B(k x m), k = kGemmK = 256 fixed as in the thesis; size is m.
constexpr double kGemmKd = static_cast<double>(kGemmK);
double gemm_work(std::uint64_t m) { return 2.0 * static_cast<double>(m) * static_cast<double>(m) * kGemmKd; }
double gemm_elements(std::uint64_t m) {
  const double md = static_cast<double>(m);
  return 2.0 * md * kGemmKd + md * md;
}
double gemm_threads(std::uint64_t m) { return static_cast<double>(m) * static_cast<double>(m) / 16.0; }

// fp32: synthetic FMA kernel; size is the number of threads; each does kFp32FmasPerThread FMAs
// (whatever its NR_INNER x NR_OUTER split) and reads and writes one float.
double fp32_work(std::uint64_t n) {
  return 2.0 * static_cast<double>(kFp32FmasPerThread) * static_cast<double>(n);
}
double fp32_elements(std::uint64_t n) { return static_cast<double>(n); }
double fp32_threads(std::uint64_t n) { return static_cast<double>(n); }

}  // namespace

const char* to_string(Bound b) { return b == Bound::bandwidth ? "bandwidth" : "compute"; }

std::string to_string(const Tunables& t) {
  std::string s;
  for (const auto& [k, v] : t) s += (s.empty() ? "" : ",") + k + "=" + std::to_string(v);
  return s;
}

const std::vector<KernelSpec>& all() {
  static const std::vector<KernelSpec> specs = {
      {"vecadd", "c = a + b over float32 (bandwidth-bound)", Bound::bandwidth, 1 << 12, 256, true,
       vecadd_work, vecadd_elements, vecadd_threads},
      {"gemm", "tiled SIMT float32 GEMM, square m = n, k = 256 (compute-bound)", Bound::compute, 128, 128, false,
       gemm_work, gemm_elements, gemm_threads},
      {"fp32", "synthetic FP32 FMA kernel (compute-bound)", Bound::compute, 1 << 10, 256, false,
       fp32_work, fp32_elements, fp32_threads},
  };
  return specs;
}

const KernelSpec* find(const std::string& name) {
  const auto& s = all();
  auto it = std::find_if(s.begin(), s.end(), [&](const KernelSpec& k) { return k.name == name; });
  return it == s.end() ? nullptr : &*it;
}

std::vector<std::string> names() {
  std::vector<std::string> out;
  for (const auto& k : all()) out.push_back(k.name);
  return out;
}

}  // namespace autobench::kernels
