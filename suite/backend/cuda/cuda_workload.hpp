// A kernel at one problem size on a CUDA device: its buffers, verification and event timing.
#pragma once

#include <memory>

#include "suite/backend/cuda/device_context.hpp"
#include "suite/backend/cuda/kernel_runner.hpp"
#include "suite/backend/device.hpp"

namespace autobench::backend::cuda {

class CudaWorkload final : public Workload {
 public:
  // Allocates and fills the buffers; throws OutOfMemory (with everything freed) when they do not fit.
  CudaWorkload(std::shared_ptr<DeviceContext> ctx, const kernels::KernelSpec& kernel, std::uint64_t n);
  ~CudaWorkload() override;

  // The kernel's tuning space at this size (kernels/tuning.hpp), every configuration already compiled
  // (in parallel) when it returns.
  std::vector<kernels::Tunables> configurations() const override;
  void precompile(const std::vector<kernels::Tunables>& configs) const override;
  // Re-fills the inputs, poisons the outputs with NaN, runs the configuration once and compares the
  // output with the CPU reference (every element up to a few million, else a spread sample).
  void verify(const kernels::Tunables& config) override;
  // Events around every launch; plan.warmup launches dropped; with plan.cold the inputs are re-filled
  // and the L2 flushed (untimed) before every launch.
  Timing time(const kernels::Tunables& config, const TimingPlan& plan) override;
  // Queues `launches` launches (no events, no re-fill) and waits for them (power windows).
  void run(const kernels::Tunables& config, int launches) override;
  std::uint64_t allocated_bytes() const override;

 private:
  void fill_inputs();

  std::shared_ptr<DeviceContext> ctx_;
  kernels::KernelSpec kernel_;
  std::uint64_t n_;
  kernels::Tunables init_config_;  // the module that fills index arrays (see fill_input)
  std::vector<kernels::Buffer> specs_;
  std::vector<DeviceBuffer> buffers_;
  std::vector<void*> pointers_;
  ReferenceCache reference_;
};

}  // namespace autobench::backend::cuda
