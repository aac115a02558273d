// The CUDA kernel sources of kernels/*/ (file names unique), embedded into the binary at build time (see
// embed_sources.cmake), so an installed autobench-mpi needs no source tree.
#pragma once

#include <map>
#include <string>
#include <string_view>

namespace autobench::backend::cuda {

// "gemm.cu" (a kernel source, by file name) or "kernels/cuda/common.cuh" (a header, by the path the
// sources include it with) -> its text.
const std::map<std::string, std::string_view>& kernel_sources();

// The text of one source; throws DeviceError naming the known ones when it is not embedded.
std::string_view kernel_source(const std::string& name);

}  // namespace autobench::backend::cuda
