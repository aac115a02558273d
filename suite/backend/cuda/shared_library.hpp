// A CUDA library the binary does not link (cuBLAS, NVRTC), opened with dlopen when first needed.
#pragma once

#include <string>

namespace autobench::backend::cuda {

// Opened for the rest of the process (never closed: the library may keep state until exit). The
// constructor throws DeviceError naming the library and dlerror() when it cannot be loaded; bind()
// throws DeviceError naming the library and the symbol when the library lacks it.
class SharedLibrary {
 public:
  explicit SharedLibrary(std::string soname);

  template <typename Fn>
  void bind(Fn& slot, const char* symbol) const {
    slot = reinterpret_cast<Fn>(address(symbol));
  }

 private:
  void* address(const char* symbol) const;

  std::string soname_;
  void* handle_ = nullptr;
};

}  // namespace autobench::backend::cuda
