// gemm on the cuda backend: C(m x m) = A(m x 256) * B(256 x m) (kernels/cuda/gemm.cu).
#include <cmath>

#include "kernels/reference.hpp"
#include "kernels/shapes.hpp"
#include "kernels/tuning.hpp"
#include "suite/backend/cuda/kernel_runner.hpp"

namespace autobench::backend::cuda {
namespace {

class GemmRunner final : public KernelRunner {
 public:
  std::string source() const override { return "gemm.cu"; }
  std::string entry() const override { return "gemm"; }
  std::vector<BufferSpec> buffers(std::uint64_t m) const override {
    return {{"A", m * kernels::kGemmK, kernels::kSeedA}, {"B", kernels::kGemmK * m, kernels::kSeedB}, {"C", m * m, 0}};
  }
  void launch(DeviceContext& ctx, CUfunction f, const kernels::Tunables& config, std::uint64_t m,
              const std::vector<float*>& b) const override {
    const auto mwg = static_cast<std::uint64_t>(kernels::tunable(config, "MWG"));
    const auto nwg = static_cast<std::uint64_t>(kernels::tunable(config, "NWG"));
    int M = static_cast<int>(m), N = static_cast<int>(m), K = static_cast<int>(kernels::kGemmK);
    const float* A = b[0];
    const float* B = b[1];
    float* C = b[2];
    void* args[] = {&M, &N, &K, &A, &B, &C};
    ctx.launch(f, dim3(static_cast<unsigned>(m / mwg), static_cast<unsigned>(m / nwg)),
               dim3(static_cast<unsigned>(kernels::tunable(config, "MDIMC")),
                    static_cast<unsigned>(kernels::tunable(config, "NDIMC"))),
               args);
  }
  std::string check(DeviceContext& ctx, const kernels::Tunables&, std::uint64_t m,
                    const std::vector<float*>& b) const override {
    // Float32 accumulation over k products is within k * 2^-24 * sum|a*b| of the exact result (to
    // first order); twice that bound passes any summation order, while a wrong element is off by O(1).
    const double bound = 2.0 * static_cast<double>(kernels::kGemmK) * std::ldexp(1.0, -24);
    return reference_.compare("", ctx.sample(b[2], m * m, 1u << 16), [&](std::uint64_t index) {
      double magnitude = 0.0;
      const double expected = kernels::gemm_expected(m, kernels::kGemmK, index % m, index / m, &magnitude);
      return ReferenceCache::Expected{expected, bound * magnitude + 1e-30};
    });
  }

 private:
  mutable ReferenceCache reference_;
};

}  // namespace

std::unique_ptr<KernelRunner> make_gemm_runner() { return std::make_unique<GemmRunner>(); }

}  // namespace autobench::backend::cuda
