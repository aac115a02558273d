// Driver entry points through cudaGetDriverEntryPointByVersion.
#include "suite/backend/cuda/driver_api.hpp"

#include <cuda_runtime_api.h>

#include <string>

#include "suite/backend/device.hpp"

namespace autobench::backend::cuda {
namespace {

// The ABI version the typedefs above were written for: CUDA 12.0 returns these signatures.
constexpr unsigned int kDriverAbi = 12000;

template <typename Fn>
void resolve(Fn& fn, const char* symbol) {
  void* p = nullptr;
  cudaDriverEntryPointQueryResult status = cudaDriverEntryPointSymbolNotFound;
  const cudaError_t e = cudaGetDriverEntryPointByVersion(symbol, &p, kDriverAbi, cudaEnableDefault, &status);
  if (e != cudaSuccess || status != cudaDriverEntryPointSuccess || p == nullptr)
    throw DeviceError(std::string("CUDA driver entry point ") + symbol + " not available (" + cudaGetErrorName(e) + ")");
  fn = reinterpret_cast<Fn>(p);
}

DriverApi load() {
  DriverApi api;
  resolve(api.get_error_name, "cuGetErrorName");
  resolve(api.get_error_string, "cuGetErrorString");
  resolve(api.module_load_data, "cuModuleLoadData");
  resolve(api.module_unload, "cuModuleUnload");
  resolve(api.module_get_function, "cuModuleGetFunction");
  resolve(api.func_get_attribute, "cuFuncGetAttribute");
  resolve(api.launch_kernel, "cuLaunchKernel");
  resolve(api.stream_wait_value32, "cuStreamWaitValue32");
  return api;
}

}  // namespace

const DriverApi& driver_api() {
  static const DriverApi api = load();
  return api;
}

}  // namespace autobench::backend::cuda
