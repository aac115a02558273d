// Device context (see device_context.hpp).
#include "suite/backend/cuda/device_context.hpp"

#include <algorithm>
#include <bit>
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

std::optional<power::Sample> DeviceContext::read_sensor() {
  if (!sensor_) return std::nullopt;
  return sensor_->read();
}

double DeviceContext::power_limit_w() const {
  return nvml_device_ ? nvml_->power_limit_w(*nvml_device_) : std::numeric_limits<double>::quiet_NaN();
}

DeviceContext::~DeviceContext() {
  // Errors are ignored here: at process exit the runtime may already be torn down.
  if (cudaSetDevice(ordinal_) != cudaSuccess) return;
  if (stream_) cudaStreamSynchronize(stream_);
  for (auto& [key, module] : modules_) {
    try {
      driver_api().module_unload(module);
    } catch (...) {
    }
  }
  if (stream_) cudaStreamDestroy(stream_);
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

std::vector<Sample> DeviceContext::sample(const void* p, std::uint64_t n, std::uint64_t max_samples, kernels::Element type) {
  std::vector<Sample> out;
  if (n == 0) return out;
  synchronize();
  auto value = [type](std::uint32_t word) {
    return type == kernels::Element::u32 ? static_cast<double>(word) : static_cast<double>(std::bit_cast<float>(word));
  };
  const auto* words = static_cast<const std::uint32_t*>(p);
  if (n <= max_samples) {
    std::vector<std::uint32_t> host(n);
    check(cudaMemcpy(host.data(), p, n * 4, cudaMemcpyDeviceToHost), "cudaMemcpy (read back)");
    out.reserve(n);
    for (std::uint64_t i = 0; i < n; ++i) out.push_back({i, value(host[i])});
    return out;
  }
  const std::uint64_t half = std::max<std::uint64_t>(max_samples / 2, 1);
  const std::uint64_t stride = (n / half) | 1;  // odd: walks through every row of a power-of-two-wide matrix
  const std::uint64_t strided = (n + stride - 1) / stride;
  std::vector<std::uint32_t> host(strided + half);
  check(cudaMemcpy2D(host.data(), 4, p, stride * 4, 4, strided, cudaMemcpyDeviceToHost),
        "cudaMemcpy2D (strided read back)");
  check(cudaMemcpy(host.data() + strided, words + (n - half), half * 4, cudaMemcpyDeviceToHost),
        "cudaMemcpy (tail read back)");
  out.reserve(strided + half);
  for (std::uint64_t i = 0; i < strided; ++i) out.push_back({i * stride, value(host[i])});
  for (std::uint64_t i = 0; i < half; ++i) out.push_back({n - half + i, value(host[strided + i])});
  return out;
}

}  // namespace autobench::backend::cuda
