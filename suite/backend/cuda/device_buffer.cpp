// Device allocations (see device_buffer.hpp).
#include "suite/backend/cuda/device_buffer.hpp"

#include <cuda_runtime_api.h>

#include <utility>

#include "suite/backend/cuda/cuda_check.hpp"
#include "suite/backend/device.hpp"

namespace autobench::backend::cuda {

DeviceBuffer::DeviceBuffer(std::uint64_t elements, const std::string& what) : elements_(elements) {
  const std::uint64_t bytes = elements * sizeof(float);
  void* p = nullptr;
  const cudaError_t e = cudaMalloc(&p, bytes);
  if (e == cudaErrorMemoryAllocation) {
    cudaGetLastError();  // clear it, so later calls do not report it again
    std::size_t free = 0, total = 0;
    cudaMemGetInfo(&free, &total);
    throw OutOfMemory("cudaMalloc of " + std::to_string(bytes) + " bytes for " + what + " failed: out of memory (" +
                      std::to_string(free) + " of " + std::to_string(total) + " bytes free)");
  }
  check(e, "cudaMalloc of " + std::to_string(bytes) + " bytes for " + what);
  data_ = static_cast<float*>(p);
}

DeviceBuffer::~DeviceBuffer() {
  if (data_) cudaFree(data_);
}

DeviceBuffer::DeviceBuffer(DeviceBuffer&& other) noexcept
    : data_(std::exchange(other.data_, nullptr)), elements_(std::exchange(other.elements_, 0)) {}

DeviceBuffer& DeviceBuffer::operator=(DeviceBuffer&& other) noexcept {
  if (this != &other) {
    if (data_) cudaFree(data_);
    data_ = std::exchange(other.data_, nullptr);
    elements_ = std::exchange(other.elements_, 0);
  }
  return *this;
}

}  // namespace autobench::backend::cuda
