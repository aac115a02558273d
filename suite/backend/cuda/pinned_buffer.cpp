// Page-locked host staging (see pinned_buffer.hpp).
#include "suite/backend/cuda/pinned_buffer.hpp"

#include <cuda_runtime_api.h>

#include <algorithm>
#include <string>

#include "suite/backend/cuda/cuda_check.hpp"

namespace autobench::backend::cuda {

PinnedBuffer::~PinnedBuffer() {
  if (data_) cudaFreeHost(data_);
}

std::uint32_t* PinnedBuffer::reserve(std::uint64_t words) {
  if (words <= words_) return data_;
  if (data_) cudaFreeHost(data_);
  data_ = nullptr;
  words_ = 0;
  const std::uint64_t grown = std::max<std::uint64_t>(words, 1u << 16);
  void* p = nullptr;
  check(cudaMallocHost(&p, grown * sizeof(std::uint32_t)),
        "cudaMallocHost of " + std::to_string(grown * sizeof(std::uint32_t)) + " bytes (read-back staging)");
  data_ = static_cast<std::uint32_t*>(p);
  words_ = grown;
  return data_;
}

}  // namespace autobench::backend::cuda
