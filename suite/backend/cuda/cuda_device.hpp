// The cuda backend's entry points: how many GPUs this process sees, and opening the one a rank drives.
//
//   if (backend::cuda_device_count() == 0) ...            // never throws; 0 without driver or GPU
//   auto device = backend::open_cuda_device(local_rank, local_ranks);
//   auto work = device->prepare(*kernels::find("gemm"), 4096);
//   for (auto& config : work->configurations()) work->verify(config);   // search: the suite's Tuner
//   auto ceilings = backend::cuda::measure_ceilings(*device);          // cuda/ceilings.hpp, once
#pragma once

#include <memory>

#include "suite/backend/device.hpp"

namespace autobench::backend {

// GPUs the CUDA runtime sees (CUDA_VISIBLE_DEVICES applied); 0 when there is no driver or no GPU.
int cuda_device_count();

// Opens GPU number local_rank (the rank's index among the ranks on its node) as a Device. Throws
// DeviceError with a one-line reason when there are more ranks on the node than visible GPUs, when no
// GPU is visible, or when the device cannot be initialised.
std::unique_ptr<Device> open_cuda_device(int local_rank, int local_ranks);

namespace cuda {

class DeviceContext;

// The Device the cuda backend opens; measure_ceilings and the tests reach its context through it.
class CudaDevice final : public Device {
 public:
  explicit CudaDevice(int ordinal);
  const results::DeviceInfo& info() const override { return info_; }
  std::uint64_t free_memory_bytes() override;
  std::unique_ptr<Workload> prepare(const kernels::KernelSpec& kernel, std::uint64_t n) override;
  // NVML sampled by a thread in real time (power/io/sampled_power_meter.hpp); nullptr without NVML.
  power::PowerMeter* power_meter() override { return meter_.get(); }
  power::io::ClockBackend* clock_backend() override;
  // The compiled kernel's registers per thread and static shared memory (compiled and loaded if not yet).
  std::optional<kernels::BlockResources> block_resources(const kernels::KernelSpec& kernel,
                                                         const kernels::Tunables& config) override;
  DeviceContext& context() { return *ctx_; }

 private:
  std::shared_ptr<DeviceContext> ctx_;
  results::DeviceInfo info_;
  std::unique_ptr<power::PowerMeter> meter_;
};

}  // namespace cuda
}  // namespace autobench::backend
