// gemm: C = A * B in float32 on the SIMT cores (no tensor cores), with CLBlast-style tunables.
// Layouts, all with the m (or n) index contiguous so that tiles load as vectors:
//   A: M x K, element (i, k) at A[k * M + i];  B: K x N, element (k, j) at B[k * N + j];
//   C: M x N, element (i, j) at C[j * M + i].
// A block of MDIMC x NDIMC threads computes an MWG x NWG tile of C, walking K in steps of KWG; each
// thread holds MWI x NWI accumulators (MWI = MWG/MDIMC, NWI = NWG/NDIMC) and reads A and B in
// vectors of VWM and VWN floats. With SA (SB) the block first stages the KWG x MWG slice of A
// (KWG x NWG of B) in shared memory, loaded by the threads re-shaped as MDIMA x KDIMA (NDIMB x KDIMB);
// without, each thread reads its A (B) vectors from global memory. The KWG loop is unrolled by KWI.
// M and N must be multiples of MWG and NWG, K of KWG: there are no bounds checks.

#define MWI (MWG / MDIMC)
#define NWI (NWG / NDIMC)
#define MVI (MWI / VWM)  // vectors of A (and C) per thread along M
#define NVI (NWI / VWN)  // vectors of B per thread along N, and of C columns per thread in groups
#define THREADS (MDIMC * NDIMC)
#define KDIMA (THREADS / MDIMA)
#define KDIMB (THREADS / NDIMB)

struct __align__(VWM * 4) VecM { float s[VWM]; };
struct __align__(VWN * 4) VecN { float s[VWN]; };

extern "C" __global__ void __launch_bounds__(THREADS)
gemm(int M, int N, int K, const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ C) {
  const int tm = threadIdx.x;  // 0 .. MDIMC-1
  const int tn = threadIdx.y;  // 0 .. NDIMC-1
  const int tid = tn * MDIMC + tm;
  const int mv0 = blockIdx.x * (MWG / VWM);  // first vector (along M) of this block's tile
  const int nv0 = blockIdx.y * (NWG / VWN);
  const int mvecs = M / VWM, nvecs = N / VWN;
  const VecM* __restrict__ Av = reinterpret_cast<const VecM*>(A);
  const VecN* __restrict__ Bv = reinterpret_cast<const VecN*>(B);

#if SA
  __shared__ VecM As[KWG][MWG / VWM];
#endif
#if SB
  __shared__ VecN Bs[KWG][NWG / VWN];
#endif

  float acc[MWI][NWI];
#pragma unroll
  for (int i = 0; i < MWI; ++i)
#pragma unroll
    for (int j = 0; j < NWI; ++j) acc[i][j] = 0.0f;

  for (int k0 = 0; k0 < K; k0 += KWG) {
#if SA
    {
      const int am = tid % MDIMA, ak = tid / MDIMA;
#pragma unroll
      for (int kb = 0; kb < KWG / KDIMA; ++kb)
#pragma unroll
        for (int mb = 0; mb < MWG / (MDIMA * VWM); ++mb) {
          const int kk = kb * KDIMA + ak, v = mb * MDIMA + am;
          As[kk][v] = Av[static_cast<long long>(k0 + kk) * mvecs + mv0 + v];
        }
    }
#endif
#if SB
    {
      const int bn = tid % NDIMB, bk = tid / NDIMB;
#pragma unroll
      for (int kb = 0; kb < KWG / KDIMB; ++kb)
#pragma unroll
        for (int nb = 0; nb < NWG / (NDIMB * VWN); ++nb) {
          const int kk = kb * KDIMB + bk, v = nb * NDIMB + bn;
          Bs[kk][v] = Bv[static_cast<long long>(k0 + kk) * nvecs + nv0 + v];
        }
    }
#endif
#if SA || SB
    __syncthreads();
#endif

#pragma unroll 1
    for (int kw = 0; kw < KWG; kw += KWI) {
#pragma unroll
      for (int ki = 0; ki < KWI; ++ki) {
        const int kk = kw + ki;
        float a[MWI], b[NWI];
#pragma unroll
        for (int mi = 0; mi < MVI; ++mi) {
#if SA
          const VecM va = As[kk][mi * MDIMC + tm];
#else
          const VecM va = Av[static_cast<long long>(k0 + kk) * mvecs + mv0 + mi * MDIMC + tm];
#endif
#pragma unroll
          for (int e = 0; e < VWM; ++e) a[mi * VWM + e] = va.s[e];
        }
#pragma unroll
        for (int ni = 0; ni < NVI; ++ni) {
#if SB
          const VecN vb = Bs[kk][ni * NDIMC + tn];
#else
          const VecN vb = Bv[static_cast<long long>(k0 + kk) * nvecs + nv0 + ni * NDIMC + tn];
#endif
#pragma unroll
          for (int e = 0; e < VWN; ++e) b[ni * VWN + e] = vb.s[e];
        }
#pragma unroll
        for (int i = 0; i < MWI; ++i)
#pragma unroll
          for (int j = 0; j < NWI; ++j) acc[i][j] = fmaf(a[i], b[j], acc[i][j]);
      }
    }
#if SA || SB
    __syncthreads();
#endif
  }

  // Thread (tm, tn) owns rows (mi * MDIMC + tm) * VWM + e and columns (ni * NDIMC + tn) * VWN + f.
  VecM* __restrict__ Cv = reinterpret_cast<VecM*>(C);
#pragma unroll
  for (int j = 0; j < NWI; ++j) {
    const long long col = static_cast<long long>(nv0 + (j / VWN) * NDIMC + tn) * VWN + j % VWN;
#pragma unroll
    for (int mi = 0; mi < MVI; ++mi) {
      VecM out;
#pragma unroll
      for (int e = 0; e < VWM; ++e) out.s[e] = acc[mi * VWM + e][j];
      Cv[col * mvecs + mv0 + mi * MDIMC + tm] = out;
    }
  }
}
