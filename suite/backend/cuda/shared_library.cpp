// dlopen and dlsym with errors that name the library (see shared_library.hpp).
#include "suite/backend/cuda/shared_library.hpp"

#include <dlfcn.h>

#include <utility>

#include "suite/backend/device.hpp"

namespace autobench::backend::cuda {

SharedLibrary::SharedLibrary(std::string soname) : soname_(std::move(soname)) {
  handle_ = dlopen(soname_.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (handle_ == nullptr) {
    const char* why = dlerror();
    throw DeviceError("cannot load " + soname_ + " (" + (why ? why : "unknown dlopen error") +
                      "): install the CUDA toolkit's libraries of this major version or put their directory on "
                      "LD_LIBRARY_PATH");
  }
}

void* SharedLibrary::address(const char* symbol) const {
  dlerror();  // clear a stale error
  void* p = dlsym(handle_, symbol);
  if (p == nullptr) {
    const char* why = dlerror();
    throw DeviceError(soname_ + " lacks " + symbol + (why ? std::string(" (") + why + ")" : std::string()));
  }
  return p;
}

}  // namespace autobench::backend::cuda
