// NVRTC, loaded with dlopen at its first use (not linked), so commands that compile nothing do not pay for it.
#pragma once

#include <nvrtc.h>

namespace autobench::backend::cuda {

// The NVRTC entry points the backend uses, with nvrtc.h's signatures.
struct NvrtcApi {
  decltype(&::nvrtcVersion) version = nullptr;
  decltype(&::nvrtcGetErrorString) get_error_string = nullptr;
  decltype(&::nvrtcGetNumSupportedArchs) get_num_supported_archs = nullptr;
  decltype(&::nvrtcGetSupportedArchs) get_supported_archs = nullptr;
  decltype(&::nvrtcCreateProgram) create_program = nullptr;
  decltype(&::nvrtcDestroyProgram) destroy_program = nullptr;
  decltype(&::nvrtcCompileProgram) compile_program = nullptr;
  decltype(&::nvrtcGetProgramLogSize) get_program_log_size = nullptr;
  decltype(&::nvrtcGetProgramLog) get_program_log = nullptr;
  decltype(&::nvrtcGetCUBINSize) get_cubin_size = nullptr;
  decltype(&::nvrtcGetCUBIN) get_cubin = nullptr;
  decltype(&::nvrtcGetPTXSize) get_ptx_size = nullptr;
  decltype(&::nvrtcGetPTX) get_ptx = nullptr;
};

// libnvrtc.so.<the CUDA major version built against>, loaded at the first call; throws DeviceError
// naming the library when it cannot be loaded or lacks one of the entry points.
const NvrtcApi& nvrtc();

}  // namespace autobench::backend::cuda
