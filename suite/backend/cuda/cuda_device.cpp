// Device discovery, selection by node-local rank, and the device description (see cuda_device.hpp).
#include "suite/backend/cuda/cuda_device.hpp"

#include <cuda_runtime_api.h>
#include <unistd.h>

#include <cctype>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "power/io/sampled_power_meter.hpp"
#include "suite/backend/cuda/cuda_check.hpp"
#include "suite/backend/cuda/cuda_workload.hpp"
#include "suite/backend/cuda/device_context.hpp"
#include "suite/backend/cuda/driver_api.hpp"

namespace autobench::backend {
namespace {

std::string visible_devices_env() {
  const char* v = std::getenv("CUDA_VISIBLE_DEVICES");
  return v ? std::string("CUDA_VISIBLE_DEVICES=") + v : std::string("CUDA_VISIBLE_DEVICES unset");
}

std::string hostname() {
  if (const char* slurm = std::getenv("SLURMD_NODENAME"); slurm && *slurm) return slurm;
  char buf[256] = {};
  if (gethostname(buf, sizeof(buf) - 1) != 0) return "";
  return buf;
}

std::string cuda_version_string(int v) { return std::to_string(v / 1000) + "." + std::to_string((v % 1000) / 10); }

// "580.159.04" from the kernel module's banner ("NVRM version: NVIDIA UNIX ... Kernel Module [for
// x86_64]  580.159.04  ..."): the first word made of digits and dots; "" where /proc does not say.
std::string kernel_module_version() {
  std::ifstream in("/proc/driver/nvidia/version");
  std::string line;
  if (!std::getline(in, line)) return "";
  std::istringstream words(line);
  std::string w;
  while (words >> w) {
    if (w.find('.') != std::string::npos && w.find_first_not_of("0123456789.") == std::string::npos &&
        std::isdigit(static_cast<unsigned char>(w.front())))
      return w;
  }
  return "";
}

double attribute_mhz(cudaDeviceAttr attr, int ordinal) {
  int khz = 0;
  if (cudaDeviceGetAttribute(&khz, attr, ordinal) != cudaSuccess || khz <= 0) {
    cudaGetLastError();
    return kNaN;
  }
  return khz / 1000.0;
}

results::DeviceInfo describe(cuda::DeviceContext& ctx) {
  const cudaDeviceProp& p = ctx.properties();
  results::DeviceInfo info;
  info.backend = "cuda";
  info.name = p.name;
  info.model = p.name;
  info.uuid = ctx.uuid();
  info.serial = ctx.serial();
  char bus[64] = {};
  if (cudaDeviceGetPCIBusId(bus, sizeof(bus), ctx.ordinal()) == cudaSuccess) info.pci_bus_id = bus;
  info.hostname = hostname();
  info.cc_major = p.major;
  info.cc_minor = p.minor;
  info.sm_count = p.multiProcessorCount;
  info.memory_total_bytes = p.totalGlobalMem;
  info.l2_bytes = static_cast<std::uint64_t>(p.l2CacheSize);
  info.sm_clock_max_mhz = attribute_mhz(cudaDevAttrClockRate, ctx.ordinal());
  info.mem_clock_max_mhz = attribute_mhz(cudaDevAttrMemoryClockRate, ctx.ordinal());
  if (const auto now = ctx.read_telemetry()) {
    info.sm_clock_current_mhz = now->sm_clock_mhz;
    info.mem_clock_current_mhz = now->mem_clock_mhz;
  }
  info.power_limit_w = ctx.power_limit_w();
  int driver = 0, runtime = 0;
  cudaDriverGetVersion(&driver);
  cudaRuntimeGetVersion(&runtime);
  const std::string module = kernel_module_version();
  info.driver_version = (module.empty() ? "" : module + " ") + "(CUDA " + cuda_version_string(driver) + ")";
  info.runtime_version = cuda_version_string(runtime);
  info.power_sensor = ctx.power_sensor();
  return info;
}

}  // namespace

int cuda_device_count() {
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess) {
    cudaGetLastError();
    return 0;
  }
  return count;
}

std::unique_ptr<Device> open_cuda_device(int local_rank, int local_ranks) {
  int count = 0;
  const cudaError_t e = cudaGetDeviceCount(&count);
  if (e != cudaSuccess || count == 0) {
    cudaGetLastError();
    throw DeviceError(std::string("no CUDA GPU visible on this node (") +
                      (e != cudaSuccess ? std::string(cudaGetErrorName(e)) + ", " : std::string()) +
                      visible_devices_env() + ")");
  }
  if (local_ranks > count) {
    throw DeviceError(std::to_string(local_ranks) + " ranks on this node but only " + std::to_string(count) + " GPU" +
                      (count == 1 ? "" : "s") + " visible (" + visible_devices_env() + ")");
  }
  if (local_rank < 0 || local_rank >= local_ranks) {
    throw DeviceError("node-local rank " + std::to_string(local_rank) + " outside 0.." + std::to_string(local_ranks - 1));
  }
  return std::make_unique<cuda::CudaDevice>(local_rank);
}

namespace cuda {

CudaDevice::CudaDevice(int ordinal) : ctx_(std::make_shared<DeviceContext>(ordinal)), info_(describe(*ctx_)) {
  if (info_.power_sensor == "nvml")
    meter_ = std::make_unique<power::io::SampledPowerMeter>("nvml", [ctx = ctx_] { return ctx->make_sensor(); });
}

power::io::ClockBackend* CudaDevice::clock_backend() { return ctx_->clock_backend(); }

std::uint64_t CudaDevice::free_memory_bytes() {
  ctx_->make_current();
  std::size_t free = 0, total = 0;
  check(cudaMemGetInfo(&free, &total), "cudaMemGetInfo");
  return free;
}

std::optional<kernels::BlockResources> CudaDevice::block_resources(const kernels::KernelSpec& kernel,
                                                                   const kernels::Tunables& config) {
  ctx_->make_current();
  CUfunction f = ctx_->function(kernel.source(), kernel.name, config);
  int registers = 0, shared = 0;
  const DriverApi& api = driver_api();
  check(api.func_get_attribute(&registers, CU_FUNC_ATTRIBUTE_NUM_REGS, f), "cuFuncGetAttribute(NUM_REGS)");
  check(api.func_get_attribute(&shared, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, f), "cuFuncGetAttribute(SHARED_SIZE_BYTES)");
  return kernels::BlockResources{static_cast<double>(registers), static_cast<double>(shared)};
}

std::unique_ptr<Workload> CudaDevice::prepare(const kernels::KernelSpec& kernel, std::uint64_t n) {
  return std::make_unique<CudaWorkload>(ctx_, kernel, n);
}

}  // namespace cuda
}  // namespace autobench::backend
