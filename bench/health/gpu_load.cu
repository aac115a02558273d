// A load that slows one GPU for health tests without touching its settings: it streams memory on the
// GPU it is given for a share of every 10 ms (the duty), so a benchmark beside it gets the rest.
//   gpu_load DEVICE DUTY SECONDS     e.g. gpu_load 3 0.3 600   (DUTY in (0, 1]; 1 = always busy)
// Built with nvcc by bench/health/gpu_slowed_suite.sh; prints what it did when it ends.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>

#include <cuda_runtime.h>

__global__ void stream_copy(const float4* in, float4* out, size_t n) {
  for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n; i += size_t(gridDim.x) * blockDim.x) out[i] = in[i];
}

static void check(cudaError_t e, const char* what) {
  if (e != cudaSuccess) { std::fprintf(stderr, "gpu_load: %s: %s\n", what, cudaGetErrorString(e)); std::exit(1); }
}

int main(int argc, char** argv) {
  if (argc != 4) { std::fprintf(stderr, "usage: gpu_load DEVICE DUTY SECONDS\n"); return 2; }
  const int device = std::atoi(argv[1]);
  const double duty = std::atof(argv[2]), seconds = std::atof(argv[3]);
  if (!(duty > 0.0 && duty <= 1.0) || !(seconds > 0.0)) { std::fprintf(stderr, "gpu_load: DUTY in (0, 1], SECONDS > 0\n"); return 2; }
  check(cudaSetDevice(device), "cudaSetDevice");
  const size_t n = (size_t(1) << 30) / sizeof(float4);  // 1 GiB per buffer: far beyond L2
  float4 *a = nullptr, *b = nullptr;
  check(cudaMalloc(&a, n * sizeof(float4)), "cudaMalloc");
  check(cudaMalloc(&b, n * sizeof(float4)), "cudaMalloc");
  using clock = std::chrono::steady_clock;
  const auto period = std::chrono::milliseconds(10);
  const auto busy = std::chrono::duration<double>(0.010 * duty);
  const auto end = clock::now() + std::chrono::duration<double>(seconds);
  long launches = 0;
  while (clock::now() < end) {
    const auto t0 = clock::now();
    while (clock::now() - t0 < busy) {
      stream_copy<<<1024, 256>>>(a, b, n / 8);  // ~0.1 ms of traffic per launch on an H100
      check(cudaDeviceSynchronize(), "kernel");
      ++launches;
    }
    std::this_thread::sleep_until(t0 + period);
  }
  std::printf("gpu_load: device %d, duty %.2f, %.0f s, %ld launches\n", device, duty, seconds, launches);
  return 0;
}
