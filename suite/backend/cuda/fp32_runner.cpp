// fp32 on the cuda backend: the synthetic FMA kernel, in place on y (kernels/cuda/fp32.cu).

#include "kernels/reference.hpp"
#include "kernels/shapes.hpp"
#include "kernels/tuning.hpp"
#include "suite/backend/cuda/kernel_runner.hpp"

namespace autobench::backend::cuda {
namespace {

class Fp32Runner final : public KernelRunner {
 public:
  std::string source() const override { return "fp32.cu"; }
  std::string entry() const override { return "fp32"; }
  std::vector<BufferSpec> buffers(std::uint64_t n) const override { return {{"y", n, kernels::kSeedY}}; }
  void launch(DeviceContext& ctx, CUfunction f, const kernels::Tunables& config, std::uint64_t n,
              const std::vector<float*>& b) const override {
    const auto block = static_cast<std::uint64_t>(kernels::tunable(config, "BLOCK_SIZE"));
    float* y = b[0];
    unsigned long long count = n;
    float scale = kernels::kFp32Scale, offset = kernels::kFp32Offset;
    void* args[] = {&y, &count, &scale, &offset};
    ctx.launch(f, dim3(static_cast<unsigned>((n + block - 1) / block)), dim3(static_cast<unsigned>(block)), args);
  }
  std::string check(DeviceContext& ctx, const kernels::Tunables& config, std::uint64_t n,
                    const std::vector<float*>& b) const override {
    // The CPU emulates the same float operations in the same order, so the results agree exactly.
    const std::int64_t inner = kernels::tunable(config, "NR_INNER"), outer = kernels::tunable(config, "NR_OUTER");
    const std::string key = std::to_string(inner) + "x" + std::to_string(outer);
    return reference_.compare(key, ctx.sample(b[0], n, 1u << 14), [&](std::uint64_t i) {
      const float x0 = kernels::input_value(kernels::kSeedY, i);
      return ReferenceCache::Expected{kernels::fp32_expected(x0, inner, outer), 0.0};
    });
  }

 private:
  mutable ReferenceCache reference_;
};

}  // namespace

std::unique_ptr<KernelRunner> make_fp32_runner() { return std::make_unique<Fp32Runner>(); }

}  // namespace autobench::backend::cuda
