// triad: STREAM's a = b + s * c over n floats. Tunables: BLOCK_SIZE threads per block, VEC floats per
// access (1, 2 or 4: scalar, float2 or float4 loads and stores), ELEMS_PER_THREAD accesses per thread,
// strided by BLOCK_SIZE within the block's chunk so that every access stays coalesced. The tail of n
// that does not fill a vector is done element by element.

struct __align__(VEC * 4) Vec { float v[VEC]; };

extern "C" __global__ void __launch_bounds__(BLOCK_SIZE)
triad(float* __restrict__ a, const float* __restrict__ b, const float* __restrict__ c, float s, unsigned long long n) {
  const unsigned long long vectors = n / VEC;
  const unsigned long long base =
      static_cast<unsigned long long>(blockIdx.x) * (BLOCK_SIZE * ELEMS_PER_THREAD) + threadIdx.x;
  Vec* __restrict__ av = reinterpret_cast<Vec*>(a);
  const Vec* __restrict__ bv = reinterpret_cast<const Vec*>(b);
  const Vec* __restrict__ cv = reinterpret_cast<const Vec*>(c);
#pragma unroll
  for (int e = 0; e < ELEMS_PER_THREAD; ++e) {
    const unsigned long long i = base + static_cast<unsigned long long>(e) * BLOCK_SIZE;
    if (i < vectors) {
      const Vec x = bv[i], y = cv[i];
      Vec out;
#pragma unroll
      for (int k = 0; k < VEC; ++k) out.v[k] = fmaf(s, y.v[k], x.v[k]);
      av[i] = out;
    }
  }
  const unsigned long long tail = vectors * VEC + static_cast<unsigned long long>(blockIdx.x) * BLOCK_SIZE + threadIdx.x;
  if (blockIdx.x == 0 && tail < n) a[tail] = fmaf(s, c[tail], b[tail]);
}
