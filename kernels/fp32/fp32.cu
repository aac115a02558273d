// fp32: a synthetic FMA-bound kernel. Each of n threads reads one float, runs NR_INNER independent
// chains of NR_OUTER dependent FMAs (acc = acc * scale + offset) on registers, and writes back the mean
// of the chains in place: NR_INNER * NR_OUTER FMAs per thread and 8 bytes of memory traffic.
// Tunables: BLOCK_SIZE, NR_INNER (instruction-level parallelism), NR_OUTER (chain length).
//
// What keeps it below the FMA peak, and how it is held off: the loop counter, compare and branch cost
// issue slots, so the outer loop is unrolled to kUnroll * NR_INNER = 256 FMAs per iteration (loop
// overhead < 1.5 %); the per-thread prologue and epilogue (load, NR_INNER adds, store) and the block
// launch are amortised over the 4096 FMAs per thread; NR_INNER >= 4 independent chains per warp and
// 4+ resident warps per scheduler cover the 4-cycle FMA latency.

constexpr int kUnroll = NR_INNER >= 256 ? 1 : 256 / NR_INNER;

extern "C" __global__ void __launch_bounds__(BLOCK_SIZE)
fp32(float* __restrict__ y, unsigned long long n, float scale, float offset) {
  const unsigned long long i = static_cast<unsigned long long>(blockIdx.x) * BLOCK_SIZE + threadIdx.x;
  if (i >= n) return;
  const float x0 = y[i];
  float acc[NR_INNER];
#pragma unroll
  for (int j = 0; j < NR_INNER; ++j) acc[j] = x0 + static_cast<float>(j) * 0.0625f;
#pragma unroll kUnroll
  for (int o = 0; o < NR_OUTER; ++o) {
#pragma unroll
    for (int j = 0; j < NR_INNER; ++j) acc[j] = fmaf(acc[j], scale, offset);
  }
  float sum = 0.0f;
#pragma unroll
  for (int j = 0; j < NR_INNER; ++j) sum += acc[j];
  y[i] = sum * (1.0f / NR_INNER);
}
