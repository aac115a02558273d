// The dataset's kernel and device adapter (see kernel_adapter.hpp).
#include "suite/dataset/kernel_adapter.hpp"

#include <bit>
#include <tuple>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include <fmt/format.h>

#include "suite/backend/sim/sim_model.hpp"
#ifdef AUTOBENCH_HAVE_CUDA
#include "suite/backend/cuda/ceilings.hpp"
#include "suite/backend/cuda/kernel_sources.hpp"
#endif

namespace autobench::dataset {
namespace {

using kernels::Tunables;

std::uint64_t volume(const kernels::Dim& d) { return d.x * d.y * d.z; }

// The configurations at size n (one empty configuration for a kernel without tunables).
std::vector<Tunables> space_at(const kernels::KernelSpec& spec, std::uint64_t n) {
  return spec.tuning_space ? spec.tuning_space(n) : std::vector<Tunables>{Tunables{}};
}

// A scalar argument's C type and value as the prompt shows them.
std::pair<std::string, std::string> scalar(const kernels::Arg& a) {
  switch (a.kind) {
    case kernels::Arg::Kind::i32: return {"int", fmt::format("value={}", static_cast<std::int32_t>(a.bits))};
    case kernels::Arg::Kind::u32: return {"unsigned int", fmt::format("value={}", static_cast<std::uint32_t>(a.bits))};
    case kernels::Arg::Kind::u64: return {"unsigned long long", fmt::format("value={}", a.bits)};
    case kernels::Arg::Kind::f32:
      return {"float", fmt::format("value={:.9g}", std::bit_cast<float>(static_cast<std::uint32_t>(a.bits)))};
    case kernels::Arg::Kind::buffer: break;
  }
  return {"", ""};
}

}  // namespace

std::optional<DatasetKernel> dataset_kernel(const kernels::KernelSpec& spec) {
  if (!spec.launch || !spec.buffers) return std::nullopt;
  return DatasetKernel{&spec, spec.source()};
}

LaunchShape DatasetKernel::shape(std::uint64_t max_size) const {
  LaunchShape s;
  s.kernel = spec->name;
  s.granularity = spec->granularity;
  s.min_size = std::max<std::uint64_t>(spec->granularity, 1);
  s.max_size = max_size;
  // The tuning space at a size every configuration fits; the block shape does not depend on the size.
  const std::uint64_t probe = spec->round_size(1 << 20);
  s.configs = space_at(*spec, probe);
  const kernels::KernelSpec* k = spec;
  s.block_threads = [k, probe](const Tunables& t) { return static_cast<int>(volume(k->launch(t, probe).block)); };
  s.workgroups = [k](std::uint64_t n, const Tunables& t) { return volume(k->launch(t, n).grid); };
  s.fits = [k](std::uint64_t n, const Tunables& t) {
    const auto space = space_at(*k, n);
    return std::find(space.begin(), space.end(), t) != space.end();
  };
  return s;
}

std::vector<Argument> DatasetKernel::arguments(std::uint64_t n, const Tunables& config) const {
  const auto buffers = spec->buffers(n);
  const auto launch = spec->launch(config, n);
  std::vector<Argument> out;
  for (std::size_t i = 0; i < launch.args.size(); ++i) {
    const kernels::Arg& a = launch.args[i];
    Argument arg;
    arg.id = static_cast<int>(i);
    if (a.kind == kernels::Arg::Kind::buffer) {
      const kernels::Buffer& b = buffers.at(a.bits);
      arg.name = b.name;
      arg.qualifier = "global";
      arg.type = std::string(b.input() ? "const " : "") + (b.element == kernels::Element::f32 ? "float*" : "unsigned*");
      arg.size_or_value = "size=" + std::to_string(b.words);
    } else {
      arg.name = "arg" + std::to_string(i);
      arg.qualifier = "value";
      std::tie(arg.type, arg.size_or_value) = scalar(a);
    }
    out.push_back(arg);
  }
  return out;
}

double DatasetKernel::bytes(std::uint64_t n) const {
  return spec->bound == kernels::Bound::compute ? 4.0 * spec->elements(n) : spec->work(n);
}

double DatasetKernel::flops(std::uint64_t n) const {
  return spec->bound == kernels::Bound::compute ? spec->work(n) : 0.0;
}

std::string DatasetKernel::source() const {
#ifdef AUTOBENCH_HAVE_CUDA
  return std::string(backend::cuda::kernel_source(source_file));
#else
  const std::string path = std::string(AUTOBENCH_KERNEL_SOURCE_DIR) + "/" + spec->name + "/" + source_file;
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read the kernel source '" + path + "' (a build without CUDA reads it from the source tree)");
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
#endif
}

std::uint64_t max_size_for_bytes(const kernels::KernelSpec& spec, double bytes) {
  const std::uint64_t g = spec.granularity == 0 ? 1 : spec.granularity;
  if (!spec.fits_in(g, bytes)) return 0;
  std::uint64_t lo = 1, hi = 2;  // in granules: lo fits; double hi until it does not
  while (spec.fits_in(hi * g, bytes)) lo = hi, hi *= 2;
  while (hi - lo > 1) {  // largest k with fits_in(k g)
    const std::uint64_t mid = lo + (hi - lo) / 2;
    (spec.fits_in(mid * g, bytes) ? lo : hi) = mid;
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
