// The state one opened CUDA device shares with its workloads: the device ordinal, a stream, the
// compile target, the loaded modules, the L2 flush buffer, the read-back staging, NVML readings when
// NVML loads, and small helpers (fill, flush, launch, read back samples). Workloads hold it by
// shared_ptr, so they stay valid whatever the order of destruction.
#pragma once

#include <cuda.h>
#include <cuda_runtime_api.h>

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "kernels/kernel.hpp"
#include "power/io/nvml_clock_backend.hpp"
#include "power/io/nvml_library.hpp"
#include "power/io/nvml_sensor.hpp"
#include "suite/backend/cuda/device_buffer.hpp"
#include "suite/backend/cuda/nvrtc_compiler.hpp"
#include "suite/backend/cuda/pinned_buffer.hpp"
#include "suite/backend/cuda/stream_gate.hpp"
#include "suite/backend/verification.hpp"

namespace autobench::backend::cuda {

class DeviceContext {
 public:
  explicit DeviceContext(int ordinal);  // throws DeviceError
  ~DeviceContext();
  DeviceContext(const DeviceContext&) = delete;
  DeviceContext& operator=(const DeviceContext&) = delete;

  // Makes this device current on the calling thread (every entry point calls it first).
  void make_current() const;
  int ordinal() const { return ordinal_; }
  const cudaDeviceProp& properties() const { return props_; }
  const CompileTarget& target() const { return target_; }
  cudaStream_t stream() const { return stream_; }
  // "GPU-xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx", as nvidia-smi and NVML write it.
  std::string uuid() const;

  // This device's clocks, temperature and clock-event reasons from NVML (no power: NvmlSensor::read_telemetry);
  // nullopt when NVML is not available (no driver library, or the device unknown to it).
  std::optional<power::Sample> read_telemetry();
  // The enforced power limit in watts; NaN without NVML.
  double power_limit_w() const;
  // The board's serial number from NVML; "" without NVML or when it gives none.
  std::string serial() const;
  // A new NVML sensor of this device for a sampler thread; nullptr without NVML.
  std::unique_ptr<power::Sensor> make_sensor() const;
  // "nvml", or "unavailable: <why NVML or this device in it cannot be used>".
  std::string power_sensor() const;
  // NVML clock locking of this device; nullptr without NVML.
  power::io::ClockBackend* clock_backend() { return clocks_.get(); }

  // The kernel `entry` of the embedded `source` compiled with `macros` (compiled and loaded once).
  CUfunction function(const std::string& source, const std::string& entry, const kernels::Tunables& macros);
  // Queues a launch on the stream; throws DeviceError when the driver refuses it.
  void launch(CUfunction f, dim3 grid, dim3 block, void** args);
  // Queues p[i] = input_value(seed, i) for i < n (kernels/cuda/common.cuh).
  void fill(float* p, std::uint64_t n, unsigned int seed);
  // Queues a write of a buffer twice the L2 size, evicting whatever the L2 held.
  void flush_l2();
  void synchronize();
  // The gate of the stream (stream_gate.hpp), made at first use.
  StreamGate& gate();
  // Reads back the elements `at` of the 4-byte words p[0, at.n), in at's order, after the work queued
  // on the stream, into page-locked staging this context reuses: valid until the next read_back.
  const std::uint32_t* read_back(const void* p, const SamplePositions& at);

 private:
  int ordinal_;
  cudaDeviceProp props_{};
  CompileTarget target_;
  cudaStream_t stream_ = nullptr;
  DeviceBuffer flush_;
  std::uint8_t flush_value_ = 0;
  PinnedBuffer staging_;
  std::unique_ptr<StreamGate> gate_;
  std::unique_ptr<power::io::nvml::Library> nvml_;
  std::optional<power::io::nvml::Device> nvml_device_;
  std::unique_ptr<power::io::NvmlSensor> sensor_;
  std::unique_ptr<power::io::NvmlClockBackend> clocks_;
  std::string nvml_error_;
  std::mutex mutex_;
  std::map<std::string, CUmodule> modules_;
  std::map<std::string, CUfunction> functions_;
};

}  // namespace autobench::backend::cuda
