// Reference ceilings of a CUDA device, measured once per device for the "fraction of peak" columns:
// device-to-device copy bandwidth, cuBLAS SGEMM without tensor cores, and the FP32 FMA peak at the SM
// clock measured under load.
#pragma once

#include <cstdint>

#include "suite/backend/device.hpp"

namespace autobench::backend::cuda {

struct CeilingOptions {
  std::uint64_t copy_bytes = 1ull << 30;  // bytes per copy (capped at a quarter of the free memory)
  int sgemm_m = 8192, sgemm_n = 8192, sgemm_k = 256;  // default: the gemm kernel's shape at m = 8192
  int warmup = 3;
  int iterations = 20;
};

struct Ceilings {
  // cudaMemcpyAsync device to device; bytes read + bytes written per second, best iteration.
  double copy_gbs = kNaN;
  std::uint64_t copy_bytes = 0;
  // cublasSgemm (column-major, no transposes) with CUBLAS_PEDANTIC_MATH: no TF32 or other tensor-core
  // paths; 2mnk flop per call, best iteration.
  double sgemm_gflops = kNaN;
  int sgemm_m = 0, sgemm_n = 0, sgemm_k = 0;
  // SM clock measured with clock64 / globaltimer while every SM runs FMAs (median over blocks).
  double sm_clock_mhz = kNaN;
  int fp32_lanes_per_sm = 0;               // 0 when the architecture is not in the table
  double fp32_peak_gflops = kNaN;          // SMs x lanes x 2 flop x measured clock
  double fp32_peak_max_clock_gflops = kNaN;  // the same at the device's maximum SM clock
};

// Measures all of them on `device`, which must be a cuda device (else DeviceError). Takes about a
// second; OutOfMemory when the buffers do not fit.
Ceilings measure_ceilings(Device& device, const CeilingOptions& options = {});

// FP32 FMA lanes per SM by compute capability: 64 on 6.0, 7.x and 8.0 (P100, V100, T4, A100), 128 on
// 5.x, 6.1/6.2 and 8.6 and newer (consumer Ampere, Ada, Hopper, Blackwell); 0 when unknown.
int fp32_lanes_per_sm(int cc_major, int cc_minor);

// The SM clock while the whole device runs FMAs, in MHz (the clock_probe kernel).
double measure_loaded_sm_clock_mhz(Device& device);

}  // namespace autobench::backend::cuda
