// Every configuration of every registered kernel verifies against its CPU reference on the GPU, at its
// start size and at a size three times larger plus one (rounded to its granularity: no power of two,
// so bounds checks and partial tiles run). One test per kernel, named after it, so that
// compute-sanitizer can take them one by one. Skipped without a GPU.
#include <gtest/gtest.h>

#include "kernels/kernel.hpp"
#include "suite/backend/cuda/cuda_device.hpp"

using namespace autobench;

namespace {

class KernelVerify : public ::testing::TestWithParam<std::string> {};

}  // namespace

TEST_P(KernelVerify, EveryConfigurationAtSmallSizes) {
  if (backend::cuda_device_count() == 0) GTEST_SKIP() << "no CUDA GPU visible";
  auto device = backend::open_cuda_device(0, 1);
  const kernels::KernelSpec& k = *kernels::find(GetParam());
  for (std::uint64_t n : {k.round_size(k.start_size), k.round_size(3 * k.start_size + 1)}) {
    auto work = device->prepare(k, n);
    const auto configs = work->configurations();
    for (const auto& config : configs)
      EXPECT_NO_THROW(work->verify(config)) << k.name << " n=" << n << " [" << kernels::to_string(config) << "]";
    std::cout << k.name << " n=" << n << ": " << configs.size() << " configurations verified\n";
  }
}

INSTANTIATE_TEST_SUITE_P(Registered, KernelVerify, ::testing::ValuesIn(kernels::names()),
                         [](const ::testing::TestParamInfo<std::string>& param) { return param.param; });
