// Run-time compilation of the embedded kernel sources with NVRTC: tunables become -D macros, the
// target is the device's own architecture, and every image is cached for the whole process and, when
// configured (suite/backend/compile_cache.hpp), on disk across processes.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "kernels/kernel.hpp"

namespace autobench::backend::cuda {

// What NVRTC produces: machine code (CUBIN) for sm_XX, or PTX for compute_XX that the driver JITs.
struct CompileTarget {
  int arch = 0;        // 90 for sm_90 / compute_90
  bool cubin = false;  // true: sm_<arch> CUBIN; false: compute_<arch> PTX
  std::string option() const;  // "--gpu-architecture=sm_90"
};

// The architectures this NVRTC can target (e.g. 75, 80, ..., 120).
std::vector<int> nvrtc_supported_archs();

// CUBIN for the device's own sm_XX when NVRTC supports it; otherwise PTX for the newest compute_YY
// it supports with YY <= XX (the driver compiles it for the device). Throws DeviceError when NVRTC
// supports nothing that old or older.
CompileTarget target_for(int cc_major, int cc_minor);

// Compiles `source` (an embedded kernels/*/ .cu file; the .cuh files are its includable headers) with
// each tunable as -DNAME=VALUE. Throws DeviceError with NVRTC's log on failure. Results are cached per
// (source, tunables, target) for the process; the returned image is never freed.
std::shared_ptr<const std::string> compile(const std::string& source, const kernels::Tunables& macros,
                                           const CompileTarget& target);

// compile() of every configuration, spread over the machine's cores (NVRTC is thread-safe); rethrows
// the first failure. A tuning space of hundreds of configurations compiles in seconds, not minutes.
void compile_all(const std::string& source, const std::vector<kernels::Tunables>& configs, const CompileTarget& target);

}  // namespace autobench::backend::cuda
