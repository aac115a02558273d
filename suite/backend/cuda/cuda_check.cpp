// Error checks (see cuda_check.hpp).
#include "suite/backend/cuda/cuda_check.hpp"

#include "suite/backend/cuda/driver_api.hpp"
#include "suite/backend/device.hpp"

namespace autobench::backend::cuda {

void check(cudaError_t result, const std::string& what) {
  if (result == cudaSuccess) return;
  throw DeviceError(what + ": " + cudaGetErrorName(result) + ": " + cudaGetErrorString(result));
}

void check(CUresult result, const std::string& what) {
  if (result == CUDA_SUCCESS) return;
  const char* name = "CUDA_ERROR";
  const char* text = "unknown driver error";
  const DriverApi& api = driver_api();
  api.get_error_name(result, &name);
  api.get_error_string(result, &text);
  throw DeviceError(what + ": " + name + ": " + text);
}

void check(nvrtcResult result, const std::string& what) {
  if (result == NVRTC_SUCCESS) return;
  throw DeviceError(what + ": " + nvrtcGetErrorString(result));
}

}  // namespace autobench::backend::cuda
