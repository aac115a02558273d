// Loading NVRTC (see nvrtc_library.hpp).
#include "suite/backend/cuda/nvrtc_library.hpp"

#include <cuda.h>

#include <string>

#include "suite/backend/cuda/shared_library.hpp"

namespace autobench::backend::cuda {
namespace {

NvrtcApi load() {
  static const SharedLibrary lib("libnvrtc.so." + std::to_string(CUDA_VERSION / 1000));
  NvrtcApi api;
  lib.bind(api.version, "nvrtcVersion");
  lib.bind(api.get_error_string, "nvrtcGetErrorString");
  lib.bind(api.get_num_supported_archs, "nvrtcGetNumSupportedArchs");
  lib.bind(api.get_supported_archs, "nvrtcGetSupportedArchs");
  lib.bind(api.create_program, "nvrtcCreateProgram");
  lib.bind(api.destroy_program, "nvrtcDestroyProgram");
  lib.bind(api.compile_program, "nvrtcCompileProgram");
  lib.bind(api.get_program_log_size, "nvrtcGetProgramLogSize");
  lib.bind(api.get_program_log, "nvrtcGetProgramLog");
  lib.bind(api.get_cubin_size, "nvrtcGetCUBINSize");
  lib.bind(api.get_cubin, "nvrtcGetCUBIN");
  lib.bind(api.get_ptx_size, "nvrtcGetPTXSize");
  lib.bind(api.get_ptx, "nvrtcGetPTX");
  return api;
}

}  // namespace

const NvrtcApi& nvrtc() {
  static const NvrtcApi api = load();
  return api;
}

}  // namespace autobench::backend::cuda
