// An owned page-locked host allocation of 4-byte words (cudaMallocHost) that grows on demand: the
// staging area device read-backs copy into at full DMA speed.
#pragma once

#include <cstdint>

namespace autobench::backend::cuda {

class PinnedBuffer {
 public:
  PinnedBuffer() = default;
  ~PinnedBuffer();
  PinnedBuffer(const PinnedBuffer&) = delete;
  PinnedBuffer& operator=(const PinnedBuffer&) = delete;

  // At least `words` words, contents not kept when it grows; throws DeviceError when the allocation fails.
  std::uint32_t* reserve(std::uint64_t words);

 private:
  std::uint32_t* data_ = nullptr;
  std::uint64_t words_ = 0;
};

}  // namespace autobench::backend::cuda
