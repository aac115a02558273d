// vecadd on the cuda backend: c = a + b (kernels/cuda/vecadd.cu).
#include "kernels/reference.hpp"
#include "kernels/tuning.hpp"
#include "suite/backend/cuda/kernel_runner.hpp"

namespace autobench::backend::cuda {
namespace {

class VecaddRunner final : public KernelRunner {
 public:
  std::string source() const override { return "vecadd.cu"; }
  std::string entry() const override { return "vecadd"; }
  std::vector<BufferSpec> buffers(std::uint64_t n) const override {
    return {{"a", n, kernels::kSeedA}, {"b", n, kernels::kSeedB}, {"c", n, 0}};
  }
  void launch(DeviceContext& ctx, CUfunction f, const kernels::Tunables& config, std::uint64_t n,
              const std::vector<float*>& b) const override {
    const auto per_block = static_cast<std::uint64_t>(kernels::tunable(config, "BLOCK_SIZE") *
                                                      kernels::tunable(config, "ELEMS_PER_THREAD"));
    const float* a = b[0];
    const float* bb = b[1];
    float* c = b[2];
    unsigned long long count = n;
    void* args[] = {&a, &bb, &c, &count};
    ctx.launch(f, dim3(static_cast<unsigned>((n + per_block - 1) / per_block)),
               dim3(static_cast<unsigned>(kernels::tunable(config, "BLOCK_SIZE"))), args);
  }
  std::string check(DeviceContext& ctx, const kernels::Tunables&, std::uint64_t n,
                    const std::vector<float*>& b) const override {
    // One correctly rounded addition: the device and the CPU agree exactly.
    return reference_.compare("", ctx.sample(b[2], n, 1u << 22), [](std::uint64_t i) {
      return ReferenceCache::Expected{kernels::vecadd_expected(i), 0.0};
    });
  }

 private:
  mutable ReferenceCache reference_;
};

}  // namespace

std::unique_ptr<KernelRunner> make_vecadd_runner() { return std::make_unique<VecaddRunner>(); }

}  // namespace autobench::backend::cuda
