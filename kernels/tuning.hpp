// The tuning space of every kernel: which Tunables exist and which combinations are valid at a size.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "kernels/kernel.hpp"

namespace autobench::kernels {

// Every valid configuration of the kernel at problem size n, in a stable order (one empty Tunables
// for a kernel without tunables). Backend-independent: the cuda backend compiles each one as macros.
//   vecadd: BLOCK_SIZE {128,256,512,1024} x ELEMS_PER_THREAD {1,2,4,8}            (16)
//   gemm:   MWG,NWG {16..128}, MDIMC,NDIMC,MDIMA,NDIMB {8,16,32}, VWM,VWN {4,8}, KWG 16, KWI 2,
//           SA = SB = 1, under CLBlast's restrictions plus a register budget        (216)
//           and only tiles that divide m (always so when m is a multiple of 128)
//   fp32:   BLOCK_SIZE {128,256,512,1024} x NR_INNER {4,8,16,32,64}, with
//           NR_OUTER = kFp32FmasPerThread / NR_INNER                                  (20)
std::vector<Tunables> tuning_space(const KernelSpec& kernel, std::uint64_t n);

// Why a gemm configuration is invalid, or "" when valid (at any m; see gemm_fits for a given m).
// The rules are CLBlast's Xgemm ones (integer work per thread for the compute and the cooperative
// tile loads, KWG a multiple of KWI and of the re-shaped load tiles), plus: MWI * NWI <= 128
// accumulators per thread, since 256 cannot be held in the 255 registers a thread may have.
std::string gemm_invalid_reason(const Tunables& t);
// Whether the configuration's MWG x NWG tiles cover m x m exactly (the kernel has no bounds checks).
bool gemm_fits(const Tunables& t, std::uint64_t m);

// The value of a tunable, or throws std::out_of_range naming it.
std::int64_t tunable(const Tunables& t, const std::string& name);

}  // namespace autobench::kernels
