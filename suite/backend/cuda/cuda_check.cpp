// Error checks (see cuda_check.hpp).
#include "suite/backend/cuda/cuda_check.hpp"

#include "suite/backend/cuda/driver_api.hpp"
#include "suite/backend/cuda/nvrtc_library.hpp"
#include "suite/backend/device.hpp"

namespace autobench::backend::cuda {
namespace {

// Errors that leave the context unusable ("the process must be terminated and relaunched"): the
// device is lost for the rest of the run, not only for the campaign that hit them.
bool sticky(cudaError_t e) {
  switch (e) {
    case cudaErrorIllegalAddress: case cudaErrorHardwareStackError: case cudaErrorIllegalInstruction:
    case cudaErrorMisalignedAddress: case cudaErrorInvalidAddressSpace: case cudaErrorInvalidPc:
    case cudaErrorLaunchFailure: case cudaErrorECCUncorrectable:
      return true;
    default:
      return false;
  }
}

bool sticky(CUresult e) {
  switch (e) {
    case CUDA_ERROR_ILLEGAL_ADDRESS: case CUDA_ERROR_HARDWARE_STACK_ERROR: case CUDA_ERROR_ILLEGAL_INSTRUCTION:
    case CUDA_ERROR_MISALIGNED_ADDRESS: case CUDA_ERROR_INVALID_ADDRESS_SPACE: case CUDA_ERROR_INVALID_PC:
    case CUDA_ERROR_LAUNCH_FAILED: case CUDA_ERROR_ECC_UNCORRECTABLE:
      return true;
    default:
      return false;
  }
}

}  // namespace

void check(cudaError_t result, const std::string& what) {
  if (result == cudaSuccess) return;
  const std::string message = what + ": " + cudaGetErrorName(result) + ": " + cudaGetErrorString(result);
  if (sticky(result)) throw DeviceLost(message);
  throw DeviceError(message);
}

void check(CUresult result, const std::string& what) {
  if (result == CUDA_SUCCESS) return;
  const char* name = "CUDA_ERROR";
  const char* text = "unknown driver error";
  const DriverApi& api = driver_api();
  api.get_error_name(result, &name);
  api.get_error_string(result, &text);
  const std::string message = what + ": " + name + ": " + text;
  if (sticky(result)) throw DeviceLost(message);
  throw DeviceError(message);
}

void check(nvrtcResult result, const std::string& what) {
  if (result == NVRTC_SUCCESS) return;
  throw DeviceError(what + ": " + nvrtc().get_error_string(result));
}

}  // namespace autobench::backend::cuda
