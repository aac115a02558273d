// cuBLAS, loaded with dlopen at its first use (the SGEMM reference ceiling), not linked: with cublasLt
// it is a few hundred MB that every other command would map at start.
#pragma once

#include <cublas_v2.h>

namespace autobench::backend::cuda {

// The cuBLAS entry points the backend uses. cublas_v2.h #defines cublasCreate and friends to their
// _v2 names, which are the symbols the library exports.
struct CublasApi {
  decltype(&::cublasCreate_v2) create = nullptr;
  decltype(&::cublasDestroy_v2) destroy = nullptr;
  decltype(&::cublasSetStream_v2) set_stream = nullptr;
  decltype(&::cublasSetMathMode) set_math_mode = nullptr;
  decltype(&::cublasSgemm_v2) sgemm = nullptr;
  decltype(&::cublasGetStatusName) get_status_name = nullptr;
  decltype(&::cublasGetStatusString) get_status_string = nullptr;
};

// libcublas.so.<the cuBLAS major version built against>, loaded at the first call; throws DeviceError
// naming the library when it cannot be loaded or lacks one of the entry points.
const CublasApi& cublas();

}  // namespace autobench::backend::cuda
