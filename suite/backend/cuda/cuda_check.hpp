// Error checks for CUDA runtime, driver and NVRTC calls: a failure becomes backend::DeviceError, or
// backend::DeviceLost for the errors that leave the CUDA context unusable (illegal address, ...).
#pragma once

#include <cuda.h>
#include <cuda_runtime_api.h>
#include <nvrtc.h>

#include <string>

namespace autobench::backend::cuda {

// Each throws DeviceError("<what>: <error name>: <error text>") unless the result is success
// (DeviceLost, a DeviceError, when the error is sticky).
void check(cudaError_t result, const std::string& what);
void check(CUresult result, const std::string& what);
void check(nvrtcResult result, const std::string& what);

}  // namespace autobench::backend::cuda
