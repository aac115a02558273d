// Fixed shape constants of the kernels, shared by their definitions, CUDA launches and CPU references.
#pragma once

#include <cstdint>

namespace autobench::kernels {

// gemm: C(m x m) = A(m x kGemmK) * B(kGemmK x m); the problem size is m.
inline constexpr std::uint64_t kGemmK = 256;

// fp32: every thread performs exactly this many FMAs (NR_OUTER * NR_INNER of them).
inline constexpr std::int64_t kFp32FmasPerThread = 4096;
// fp32: each FMA is acc = acc * kFp32Scale + kFp32Offset, a contraction towards 0.5, so values stay
// finite however many launches run in place.
inline constexpr float kFp32Scale = 1.0f - 1.0f / 4096.0f;
inline constexpr float kFp32Offset = 1.0f / 8192.0f;

}  // namespace autobench::kernels
