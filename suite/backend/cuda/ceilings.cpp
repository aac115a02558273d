// Reference ceilings (see ceilings.hpp).
#include "suite/backend/cuda/ceilings.hpp"

#include <algorithm>

#include "numerics/statistics.hpp"
#include "kernels/fp32/fp32.hpp"
#include "suite/backend/cuda/cublas_library.hpp"
#include "suite/backend/cuda/cuda_check.hpp"
#include "suite/backend/cuda/cuda_device.hpp"
#include "suite/backend/cuda/event_timer.hpp"

namespace autobench::backend::cuda {
namespace {

DeviceContext& context_of(Device& device) {
  auto* cuda = dynamic_cast<CudaDevice*>(&device);
  if (!cuda) throw DeviceError("reference ceilings need a cuda device, not backend '" + device.info().backend + "'");
  cuda->context().make_current();
  return cuda->context();
}

double best(const std::vector<double>& seconds) { return *std::min_element(seconds.begin(), seconds.end()); }

void check_cublas(cublasStatus_t s, const std::string& what) {
  if (s != CUBLAS_STATUS_SUCCESS) throw DeviceError(what + ": " + cublas().get_status_name(s) + ": " + cublas().get_status_string(s));
}

// Owns a cuBLAS handle.
struct Cublas {
  cublasHandle_t handle = nullptr;
  Cublas() { check_cublas(cublas().create(&handle), "cublasCreate"); }
  ~Cublas() { cublas().destroy(handle); }
};

double copy_gbs(DeviceContext& ctx, const CeilingOptions& o, std::uint64_t* bytes_out) {
  std::size_t free = 0, total = 0;
  check(cudaMemGetInfo(&free, &total), "cudaMemGetInfo");
  const std::uint64_t bytes = std::min<std::uint64_t>(o.copy_bytes, free / 4) / 256 * 256;
  *bytes_out = bytes;
  if (bytes == 0) return kNaN;
  DeviceBuffer src(bytes / sizeof(float), "the copy ceiling source"), dst(bytes / sizeof(float), "the copy ceiling target");
  ctx.fill(src.data(), src.elements(), 7);
  const auto t = time_on_stream(ctx, o.warmup, o.iterations, [&] {
    check(cudaMemcpyAsync(dst.data(), src.data(), bytes, cudaMemcpyDeviceToDevice, ctx.stream()), "cudaMemcpyAsync");
  });
  return 2.0 * static_cast<double>(bytes) / best(t) * 1e-9;
}

double sgemm_gflops(DeviceContext& ctx, const CeilingOptions& o) {
  const auto m = static_cast<std::uint64_t>(o.sgemm_m), n = static_cast<std::uint64_t>(o.sgemm_n),
             k = static_cast<std::uint64_t>(o.sgemm_k);
  DeviceBuffer a(m * k, "the SGEMM ceiling A"), b(k * n, "the SGEMM ceiling B"), c(m * n, "the SGEMM ceiling C");
  ctx.fill(a.data(), a.elements(), 1);
  ctx.fill(b.data(), b.elements(), 2);
  Cublas blas;
  check_cublas(cublas().set_stream(blas.handle, ctx.stream()), "cublasSetStream");
  check_cublas(cublas().set_math_mode(blas.handle, CUBLAS_PEDANTIC_MATH), "cublasSetMathMode(CUBLAS_PEDANTIC_MATH)");
  const float alpha = 1.0f, beta = 0.0f;
  const auto t = time_on_stream(ctx, o.warmup, o.iterations, [&] {
    check_cublas(cublas().sgemm(blas.handle, CUBLAS_OP_N, CUBLAS_OP_N, o.sgemm_m, o.sgemm_n, o.sgemm_k, &alpha, a.data(),
                             o.sgemm_m, b.data(), o.sgemm_k, &beta, c.data(), o.sgemm_m),
                 "cublasSgemm");
  });
  return 2.0 * static_cast<double>(m) * static_cast<double>(n) * static_cast<double>(k) / best(t) * 1e-9;
}

}  // namespace

int fp32_lanes_per_sm(int major, int minor) {
  switch (major) {
    case 5: return 128;
    case 6: return minor == 0 ? 64 : 128;
    case 7: return 64;
    case 8: return minor == 0 ? 64 : 128;
    case 9: case 10: case 11: case 12: return 128;
    default: return 0;
  }
}

double measure_loaded_sm_clock_mhz(Device& device) {
  DeviceContext& ctx = context_of(device);
  const cudaDeviceProp& p = ctx.properties();
  // One full wave: as many 256-thread blocks as fit on every SM at once.
  const int per_sm = std::max(1, p.maxThreadsPerMultiProcessor / 256);
  const int blocks = p.multiProcessorCount * per_sm;
  // 8 FMAs per thread and iteration: 2^17 iterations keep an SM busy for about
  // 2^20 * threads_per_sm / lanes cycles, some milliseconds on any GPU.
  int iterations = 1 << 17;
  DeviceBuffer out(2 * static_cast<std::uint64_t>(blocks) * 2, "the clock probe results");  // 2 x u64 per block
  DeviceBuffer sink(1, "the clock probe sink");
  CUfunction f = ctx.function("clock_probe.cu", "clock_probe", {});
  auto* results = reinterpret_cast<unsigned long long*>(out.data());
  float* sink_ptr = sink.data();
  float scale = kernels::fp32::kScale, offset = kernels::fp32::kOffset;
  void* args[] = {&results, &sink_ptr, &iterations, &scale, &offset};
  std::vector<unsigned long long> host(2 * static_cast<std::size_t>(blocks));
  for (int run = 0; run < 2; ++run) {  // the first run ramps the clock up; the second is measured
    ctx.launch(f, dim3(static_cast<unsigned>(blocks)), dim3(256), args);
    ctx.synchronize();
  }
  check(cudaMemcpy(host.data(), results, host.size() * sizeof(unsigned long long), cudaMemcpyDeviceToHost),
        "cudaMemcpy (clock probe)");
  std::vector<double> mhz;
  for (int b = 0; b < blocks; ++b) {
    const double cycles = static_cast<double>(host[2 * b]), ns = static_cast<double>(host[2 * b + 1]);
    if (ns > 0) mhz.push_back(cycles / ns * 1e3);
  }
  if (mhz.empty()) return kNaN;
  return numerics::median(std::move(mhz));
}

Ceilings measure_ceilings(Device& device, const CeilingOptions& options) {
  DeviceContext& ctx = context_of(device);
  const results::DeviceInfo& info = device.info();
  Ceilings c;
  c.copy_gbs = copy_gbs(ctx, options, &c.copy_bytes);
  c.sgemm_m = options.sgemm_m;
  c.sgemm_n = options.sgemm_n;
  c.sgemm_k = options.sgemm_k;
  c.sgemm_gflops = sgemm_gflops(ctx, options);
  c.sm_clock_mhz = measure_loaded_sm_clock_mhz(device);
  c.fp32_lanes_per_sm = fp32_lanes_per_sm(info.cc_major, info.cc_minor);
  if (c.fp32_lanes_per_sm > 0) {
    const double flop_per_cycle = 2.0 * info.sm_count * c.fp32_lanes_per_sm;
    c.fp32_peak_gflops = flop_per_cycle * c.sm_clock_mhz * 1e-3;
    c.fp32_peak_max_clock_gflops = flop_per_cycle * info.sm_clock_max_mhz * 1e-3;
  }
  return c;
}

}  // namespace autobench::backend::cuda
