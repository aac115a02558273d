// cuBLAS and NVRTC are not linked but loaded at first use (no GPU needed), and a library that cannot be
// loaded or lacks a symbol is a DeviceError naming it.
#include <dlfcn.h>
#include <gtest/gtest.h>

#include <cuda.h>

#include <string>

#include "suite/backend/cuda/cublas_library.hpp"
#include "suite/backend/cuda/nvrtc_library.hpp"
#include "suite/backend/cuda/shared_library.hpp"
#include "suite/backend/device.hpp"

using namespace autobench::backend;
using namespace autobench::backend::cuda;

namespace {

const std::string kCublas = "libcublas.so." + std::to_string(CUBLAS_VER_MAJOR);
const std::string kNvrtc = "libnvrtc.so." + std::to_string(CUDA_VERSION / 1000);

bool loaded(const std::string& soname) {
  void* handle = dlopen(soname.c_str(), RTLD_NOW | RTLD_NOLOAD);
  if (handle) dlclose(handle);  // drops only the reference RTLD_NOLOAD took
  return handle != nullptr;
}

std::string error_of(void (*f)()) {
  try {
    f();
  } catch (const DeviceError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

// ctest runs each test in its own process, so "not loaded yet" is the state at process start.
TEST(CudaLibraries, CublasIsLoadedAtItsFirstUseOnly) {
  EXPECT_FALSE(loaded(kCublas)) << kCublas << " is loaded at start: is it on the link line again?";
  EXPECT_FALSE(loaded("libcublasLt.so." + std::to_string(CUBLAS_VER_MAJOR)));
  EXPECT_STREQ(cublas().get_status_name(CUBLAS_STATUS_NOT_INITIALIZED), "CUBLAS_STATUS_NOT_INITIALIZED");
  EXPECT_TRUE(loaded(kCublas));
}

TEST(CudaLibraries, NvrtcIsLoadedAtItsFirstUseOnly) {
  EXPECT_FALSE(loaded(kNvrtc)) << kNvrtc << " is loaded at start: is it on the link line again?";
  int major = 0, minor = 0;
  ASSERT_EQ(nvrtc().version(&major, &minor), NVRTC_SUCCESS);
  EXPECT_EQ(major, CUDA_VERSION / 1000);
  EXPECT_STREQ(nvrtc().get_error_string(NVRTC_ERROR_INVALID_INPUT), "NVRTC_ERROR_INVALID_INPUT");
  EXPECT_TRUE(loaded(kNvrtc));
}

TEST(CudaLibraries, AMissingLibraryIsADeviceErrorNamingItAndDlerror) {
  const std::string e = error_of([] { SharedLibrary("libautobench-absent.so.13"); });
  EXPECT_NE(e.find("cannot load libautobench-absent.so.13 ("), std::string::npos) << e;
  EXPECT_NE(e.find("cannot open shared object file"), std::string::npos) << e;  // dlerror()'s text
}

TEST(CudaLibraries, AMissingSymbolIsADeviceErrorNamingLibraryAndSymbol) {
  const std::string e = error_of([] {
    void (*slot)() = nullptr;
    SharedLibrary(kNvrtc).bind(slot, "nvrtcNoSuchEntryPoint");
  });
  EXPECT_NE(e.find(kNvrtc + " lacks nvrtcNoSuchEntryPoint"), std::string::npos) << e;
}
