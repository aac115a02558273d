// gemm's shape, validity rules and CPU reference, for its definition and its tests.
#pragma once

#include <cstdint>
#include <string>

#include "kernels/kernel.hpp"

namespace autobench::kernels::gemm {

// C(m x m) = A(m x kK) * B(kK x m); the problem size is m.
inline constexpr std::uint64_t kK = 256;

// Why a configuration is invalid, or "" when valid (at any m; see fits for a given m). The rules are
// CLBlast's Xgemm ones (integer work per thread for the compute and the cooperative tile loads, KWG a
// multiple of KWI and of the re-shaped load tiles), plus: MWI * NWI <= 128 accumulators per thread,
// since 256 cannot be held in the 255 registers a thread may have.
std::string invalid_reason(const Tunables& t);
// Whether the configuration's MWG x NWG tiles cover m x m exactly (the kernel has no bounds checks).
bool fits(const Tunables& t, std::uint64_t m);

// Element (i, j) of C = A * B with A (m x k, column-major, seed kSeedA) and B (k x m, row-major, seed
// kSeedB), see gemm.cu. `magnitude` receives sum_k |a_ik * b_kj|, which bounds the float32 rounding
// error: |computed - exact| <= k * 2^-24 * magnitude (to first order).
double expected(std::uint64_t m, std::uint64_t k, std::uint64_t i, std::uint64_t j, double* magnitude);

}  // namespace autobench::kernels::gemm
