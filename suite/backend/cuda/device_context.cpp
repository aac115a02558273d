// Device context (see device_context.hpp).
#include "suite/backend/cuda/device_context.hpp"

#include <algorithm>
#include <limits>

#include <fmt/format.h>

#include "suite/backend/cuda/cuda_check.hpp"
#include "suite/backend/cuda/driver_api.hpp"

namespace autobench::backend::cuda {

DeviceContext::DeviceContext(int ordinal) : ordinal_(ordinal) {
  check(cudaSetDevice(ordinal_), "cudaSetDevice(" + std::to_string(ordinal_) + ")");
  check(cudaFree(nullptr), "initialising the CUDA context of device " + std::to_string(ordinal_));
  check(cudaGetDeviceProperties(&props_, ordinal_), "cudaGetDeviceProperties");
  target_ = target_for(props_.major, props_.minor);
  check(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking), "cudaStreamCreate");
  const std::uint64_t l2 = props_.l2CacheSize > 0 ? static_cast<std::uint64_t>(props_.l2CacheSize) : (64u << 20);
  flush_ = DeviceBuffer(2 * l2 / sizeof(float), "the L2 flush buffer");
  nvml_ = std::make_unique<power::io::nvml::Library>();
  nvml_device_ = nvml_->available() ? nvml_->device_by_uuid(uuid(), &nvml_error_) : std::nullopt;
  if (!nvml_->available()) nvml_error_ = nvml_->unavailable_reason();
  if (nvml_device_) {
    sensor_ = std::make_unique<power::io::NvmlSensor>(nvml_->api(), *nvml_device_);
    clocks_ = std::make_unique<power::io::NvmlClockBackend>(nvml_->api(), *nvml_device_);
  }
}

std::unique_ptr<power::Sensor> DeviceContext::make_sensor() const {
  if (!nvml_device_) return nullptr;
  return std::make_unique<power::io::NvmlSensor>(nvml_->api(), *nvml_device_);
}

std::string DeviceContext::power_sensor() const {
  return nvml_device_ ? "nvml" : "unavailable: " + (nvml_error_.empty() ? "NVML does not know this device" : nvml_error_);
}

std::string DeviceContext::uuid() const {
  const auto* b = reinterpret_cast<const unsigned char*>(props_.uuid.bytes);
  return fmt::format("GPU-{:02x}{:02x}{:02x}{:02x}-{:02x}{:02x}-{:02x}{:02x}-{:02x}{:02x}-{:02x}{:02x}{:02x}{:02x}{:02x}{:02x}",
                     b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]);
}

std::optional<power::Sample> DeviceContext::read_telemetry() {
  if (!sensor_) return std::nullopt;
  return sensor_->read_telemetry();
}

std::string DeviceContext::serial() const { return nvml_device_ ? nvml_->serial(*nvml_device_) : ""; }

double DeviceContext::power_limit_w() const {
  return nvml_device_ ? nvml_->power_limit_w(*nvml_device_) : std::numeric_limits<double>::quiet_NaN();
}

DeviceContext::~DeviceContext() {
  // Errors are ignored here: at process exit the runtime may already be torn down.
  if (cudaSetDevice(ordinal_) != cudaSuccess) return;
  gate_.reset();  // released: the stream never waits on it past here
  if (stream_) cudaStreamSynchronize(stream_);
  for (auto& [key, module] : modules_) {
    try {
      driver_api().module_unload(module);
    } catch (...) {
    }
  }
  if (stream_) cudaStreamDestroy(stream_);
}

StreamGate& DeviceContext::gate() {
  if (!gate_) gate_ = std::make_unique<StreamGate>(stream_);
  return *gate_;
}

void DeviceContext::make_current() const { check(cudaSetDevice(ordinal_), "cudaSetDevice(" + std::to_string(ordinal_) + ")"); }

CUfunction DeviceContext::function(const std::string& source, const std::string& entry, const kernels::Tunables& macros) {
  const std::string module_key = source + "|" + kernels::to_string(macros);
  const std::string function_key = module_key + "|" + entry;
  std::lock_guard<std::mutex> lock(mutex_);
  if (auto it = functions_.find(function_key); it != functions_.end()) return it->second;
  const DriverApi& api = driver_api();
  auto mod = modules_.find(module_key);
  if (mod == modules_.end()) {
    const auto image = compile(source, macros, target_);
    CUmodule module = nullptr;
    check(api.module_load_data(&module, image->data()), "cuModuleLoadData(" + source + " [" + kernels::to_string(macros) + "])");
    mod = modules_.emplace(module_key, module).first;
  }
  CUfunction f = nullptr;
  check(api.module_get_function(&f, mod->second, entry.c_str()), "cuModuleGetFunction(" + entry + ")");
  functions_.emplace(function_key, f);
  return f;
}

void DeviceContext::launch(CUfunction f, dim3 grid, dim3 block, void** args) {
  check(driver_api().launch_kernel(f, grid.x, grid.y, grid.z, block.x, block.y, block.z, 0,
                                   reinterpret_cast<CUstream>(stream_), args, nullptr),
        "cuLaunchKernel");
}

void DeviceContext::fill(float* p, std::uint64_t n, unsigned int seed) {
  if (n == 0) return;
  CUfunction f = function("fill.cu", "fill", {});
  const std::uint64_t blocks = std::min<std::uint64_t>((n + 255) / 256, static_cast<std::uint64_t>(props_.multiProcessorCount) * 32);
  unsigned long long count = n;
  void* args[] = {&p, &count, &seed};
  launch(f, dim3(static_cast<unsigned>(blocks)), dim3(256), args);
}

void DeviceContext::flush_l2() {
  flush_value_ = static_cast<std::uint8_t>(flush_value_ + 1);
  check(cudaMemsetAsync(flush_.data(), flush_value_, flush_.bytes(), stream_), "cudaMemsetAsync (L2 flush)");
}

void DeviceContext::synchronize() { check(cudaStreamSynchronize(stream_), "kernel execution (cudaStreamSynchronize)"); }

const std::uint32_t* DeviceContext::read_back(const void* p, const SamplePositions& at) {
  std::uint32_t* host = staging_.reserve(at.count());
  const auto* words = static_cast<const std::uint32_t*>(p);
  if (at.spread > 0 && at.stride == 1) {
    check(cudaMemcpyAsync(host, words, at.spread * 4, cudaMemcpyDeviceToHost, stream_), "cudaMemcpyAsync (read back)");
  } else if (at.spread > 0) {
    check(cudaMemcpy2DAsync(host, 4, words, at.stride * 4, 4, at.spread, cudaMemcpyDeviceToHost, stream_),
          "cudaMemcpy2DAsync (strided read back)");
  }
  if (at.tail > 0) {
    check(cudaMemcpyAsync(host + at.spread, words + (at.n - at.tail), at.tail * 4, cudaMemcpyDeviceToHost, stream_),
          "cudaMemcpyAsync (tail read back)");
  }
  synchronize();
  return host;
}

}  // namespace autobench::backend::cuda
