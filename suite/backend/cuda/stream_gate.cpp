// Stream gate (see stream_gate.hpp).
#include "suite/backend/cuda/stream_gate.hpp"

#include <atomic>

#include "suite/backend/cuda/cuda_check.hpp"
#include "suite/backend/cuda/driver_api.hpp"

namespace autobench::backend::cuda {

StreamGate::StreamGate(cudaStream_t stream) : stream_(stream) {
  void* host = nullptr;
  check(cudaHostAlloc(&host, sizeof(std::uint32_t), cudaHostAllocMapped), "cudaHostAlloc");
  flag_ = static_cast<std::uint32_t*>(host);
  *flag_ = 0;
  void* device = nullptr;
  check(cudaHostGetDevicePointer(&device, host, 0), "cudaHostGetDevicePointer");
  device_flag_ = reinterpret_cast<CUdeviceptr>(device);
}

StreamGate::~StreamGate() {
  release();
  cudaFreeHost(flag_);
}

void StreamGate::hold() {
  if (held_) return;
  check(driver_api().stream_wait_value32(reinterpret_cast<CUstream>(stream_), device_flag_, generation_ + 1,
                                         CU_STREAM_WAIT_VALUE_GEQ),
        "cuStreamWaitValue32");
  held_ = true;
}

void StreamGate::release() {
  if (!held_) return;
  ++generation_;
  std::atomic_ref<std::uint32_t>(*flag_).store(generation_, std::memory_order_release);
  held_ = false;
}

}  // namespace autobench::backend::cuda
