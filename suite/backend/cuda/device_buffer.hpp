// An owned float32 device allocation (plain cudaMalloc, never managed memory).
#pragma once

#include <cstdint>
#include <string>

namespace autobench::backend::cuda {

class DeviceBuffer {
 public:
  DeviceBuffer() = default;
  // Throws backend::OutOfMemory when cudaMalloc reports the memory is not there (naming `what`),
  // DeviceError on any other failure.
  DeviceBuffer(std::uint64_t elements, const std::string& what);
  ~DeviceBuffer();
  DeviceBuffer(DeviceBuffer&& other) noexcept;
  DeviceBuffer& operator=(DeviceBuffer&& other) noexcept;
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;

  float* data() const { return data_; }
  std::uint64_t elements() const { return elements_; }
  std::uint64_t bytes() const { return elements_ * sizeof(float); }

 private:
  float* data_ = nullptr;
  std::uint64_t elements_ = 0;
};

}  // namespace autobench::backend::cuda
