// The few CUDA driver API entry points the backend uses (module load, function lookup, launch, a stream
// waiting on a value),
// resolved through the runtime at first use, so the binary does not link libcuda and still starts on
// machines without an NVIDIA driver.
#pragma once

#include <cuda.h>
#include <cudaTypedefs.h>

namespace autobench::backend::cuda {

struct DriverApi {
  PFN_cuGetErrorName_v6000 get_error_name = nullptr;
  PFN_cuGetErrorString_v6000 get_error_string = nullptr;
  PFN_cuModuleLoadData_v2000 module_load_data = nullptr;
  PFN_cuModuleUnload_v2000 module_unload = nullptr;
  PFN_cuModuleGetFunction_v2000 module_get_function = nullptr;
  PFN_cuFuncGetAttribute_v2020 func_get_attribute = nullptr;
  PFN_cuLaunchKernel_v4000 launch_kernel = nullptr;
  PFN_cuStreamWaitValue32_v11070 stream_wait_value32 = nullptr;
};

// Resolved once; throws DeviceError when the driver lacks one of them (or there is no driver).
const DriverApi& driver_api();

}  // namespace autobench::backend::cuda
