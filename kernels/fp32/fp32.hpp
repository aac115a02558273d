// fp32's shape constants and CPU reference, shared by its definition, the clock probe and the tests.
#pragma once

#include <cstdint>

namespace autobench::kernels::fp32 {

// Every thread performs exactly this many FMAs (NR_OUTER * NR_INNER of them).
inline constexpr std::int64_t kFmasPerThread = 4096;
// Each FMA is acc = acc * kScale + kOffset, a contraction towards 0.5, so values stay finite however
// many launches run in place.
inline constexpr float kScale = 1.0f - 1.0f / 4096.0f;
inline constexpr float kOffset = 1.0f / 8192.0f;

// Thread i's output after one launch on its input x0 = input_value(kSeedY, i), emulating the kernel's
// float operations in the same order (fused multiply-adds included), so it is exact.
float expected(float x0, std::int64_t nr_inner, std::int64_t nr_outer);

}  // namespace autobench::kernels::fp32
