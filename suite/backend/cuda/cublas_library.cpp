// Loading cuBLAS (see cublas_library.hpp).
#include "suite/backend/cuda/cublas_library.hpp"

#include <string>

#include "suite/backend/cuda/shared_library.hpp"

namespace autobench::backend::cuda {
namespace {

CublasApi load() {
  static const SharedLibrary lib("libcublas.so." + std::to_string(CUBLAS_VER_MAJOR));
  CublasApi api;
  lib.bind(api.create, "cublasCreate_v2");
  lib.bind(api.destroy, "cublasDestroy_v2");
  lib.bind(api.set_stream, "cublasSetStream_v2");
  lib.bind(api.set_math_mode, "cublasSetMathMode");
  lib.bind(api.sgemm, "cublasSgemm_v2");
  lib.bind(api.get_status_name, "cublasGetStatusName");
  lib.bind(api.get_status_string, "cublasGetStatusString");
  return api;
}

}  // namespace

const CublasApi& cublas() {
  static const CublasApi api = load();
  return api;
}

}  // namespace autobench::backend::cuda
