// The dataset's kernel and device adapter (see kernel_adapter.hpp).
#include "suite/dataset/kernel_adapter.hpp"

#include <cstdio>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "kernels/shapes.hpp"
#include "kernels/tuning.hpp"
#include "suite/backend/sim/sim_model.hpp"
#ifdef AUTOBENCH_HAVE_CUDA
#include "suite/backend/cuda/ceilings.hpp"
#include "suite/backend/cuda/kernel_sources.hpp"
#endif

namespace autobench::dataset {
namespace {

using kernels::tunable;
using kernels::Tunables;

std::string size_arg(double elements) { return "size=" + std::to_string(static_cast<std::uint64_t>(elements)); }
std::string value_arg(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "value=%.9g", v);
  return buf;
}
std::uint64_t ceil_div(std::uint64_t a, std::uint64_t b) { return (a + b - 1) / b; }
const double kK = static_cast<double>(kernels::kGemmK);

}  // namespace

std::optional<DatasetKernel> dataset_kernel(const kernels::KernelSpec& spec) {
  if (spec.name == "vecadd" || spec.name == "gemm" || spec.name == "fp32") return DatasetKernel{&spec, spec.name + ".cu"};
  return std::nullopt;
}

LaunchShape DatasetKernel::shape(std::uint64_t max_size) const {
  LaunchShape s;
  s.kernel = spec->name;
  s.granularity = spec->granularity;
  s.min_size = spec->granularity;
  s.max_size = max_size;
  // The tuning space at a size every configuration fits (gemm: tiles up to 128 divide multiples of 128).
  s.configs = kernels::tuning_space(*spec, spec->round_size(1 << 20));
  const std::string name = spec->name;
  if (name == "gemm") {
    s.block_threads = [](const Tunables& t) { return static_cast<int>(tunable(t, "MDIMC") * tunable(t, "NDIMC")); };
    s.workgroups = [](std::uint64_t m, const Tunables& t) {
      return (m / static_cast<std::uint64_t>(tunable(t, "MWG"))) * (m / static_cast<std::uint64_t>(tunable(t, "NWG")));
    };
    s.fits = [](std::uint64_t m, const Tunables& t) { return kernels::gemm_fits(t, m); };
  } else {
    const bool vecadd = name == "vecadd";
    s.block_threads = [](const Tunables& t) { return static_cast<int>(tunable(t, "BLOCK_SIZE")); };
    s.workgroups = [vecadd](std::uint64_t n, const Tunables& t) {
      const auto per = static_cast<std::uint64_t>(tunable(t, "BLOCK_SIZE") * (vecadd ? tunable(t, "ELEMS_PER_THREAD") : 1));
      return ceil_div(n, per);
    };
  }
  return s;
}

std::vector<Argument> DatasetKernel::arguments(std::uint64_t n, const Tunables&) const {
  const double d = static_cast<double>(n);
  if (spec->name == "vecadd")
    return {{0, "a", "global", "const float*", size_arg(d)},
            {1, "b", "global", "const float*", size_arg(d)},
            {2, "c", "global", "float*", size_arg(d)},
            {3, "n", "value", "unsigned long long", value_arg(d)}};
  if (spec->name == "gemm")
    return {{0, "M", "value", "int", value_arg(d)},
            {1, "N", "value", "int", value_arg(d)},
            {2, "K", "value", "int", value_arg(kK)},
            {3, "A", "global", "const float*", size_arg(d * kK)},
            {4, "B", "global", "const float*", size_arg(kK * d)},
            {5, "C", "global", "float*", size_arg(d * d)}};
  return {{0, "y", "global", "float*", size_arg(d)},
          {1, "n", "value", "unsigned long long", value_arg(d)},
          {2, "scale", "value", "float", value_arg(kernels::kFp32Scale)},
          {3, "offset", "value", "float", value_arg(kernels::kFp32Offset)}};
}

double DatasetKernel::bytes(std::uint64_t n) const {
  const double d = static_cast<double>(n);
  if (spec->name == "vecadd") return 12.0 * d;
  if (spec->name == "gemm") return 4.0 * (2.0 * d * kK + d * d);
  return 8.0 * d;  // fp32: one float read and written per thread
}

double DatasetKernel::flops(std::uint64_t n) const {
  const double d = static_cast<double>(n);
  if (spec->name == "vecadd") return d;
  if (spec->name == "gemm") return 2.0 * d * d * kK;
  return 2.0 * static_cast<double>(kernels::kFp32FmasPerThread) * d;
}

std::string DatasetKernel::source() const {
#ifdef AUTOBENCH_HAVE_CUDA
  return std::string(backend::cuda::kernel_source(source_file));
#else
  const std::string path = std::string(AUTOBENCH_KERNEL_SOURCE_DIR) + "/" + source_file;
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read the kernel source '" + path + "' (a build without CUDA reads it from the source tree)");
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
#endif
}

std::uint64_t max_size_for_bytes(const kernels::KernelSpec& spec, double bytes) {
  const std::uint64_t g = spec.granularity == 0 ? 1 : spec.granularity;
  std::uint64_t lo = 0, hi = (1ull << 50) / g;
  while (lo < hi) {  // largest k with 4 elements(k g) <= bytes
    const std::uint64_t mid = lo + (hi - lo + 1) / 2;
    if (4.0 * spec.elements(mid * g) <= bytes)
      lo = mid;
    else
      hi = mid - 1;
  }
  return lo * g;
}

DeviceCeilings device_ceilings(backend::Device& device) {
  const auto& info = device.info();
  if (info.backend == "sim") {
    const auto& m = backend::sim::model_named(info.model);
    return {m.peak_bandwidth_gbs, m.peak_fp32_gflops, "sim model"};
  }
#ifdef AUTOBENCH_HAVE_CUDA
  const auto c = backend::cuda::measure_ceilings(device);
  return {c.copy_gbs, c.fp32_peak_gflops, "measured"};
#else
  throw backend::DeviceError("device ceilings: backend '" + info.backend + "' is not built in");
#endif
}

}  // namespace autobench::dataset
