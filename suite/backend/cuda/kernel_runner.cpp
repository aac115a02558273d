// Running a kernel from its definition (see kernel_runner.hpp).
#include "suite/backend/cuda/kernel_runner.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "suite/backend/device.hpp"
#include "suite/backend/parallel_for.hpp"

namespace autobench::backend::cuda {

void fill_input(DeviceContext& ctx, const kernels::KernelSpec& kernel, const kernels::Tunables& config,
                const kernels::Buffer& buffer, void* p, std::uint64_t n) {
  if (buffer.init.empty()) {
    ctx.fill(static_cast<float*>(p), buffer.words, buffer.seed);
    return;
  }
  CUfunction f = ctx.function(kernel.source(), buffer.init, config);
  const std::uint64_t blocks =
      std::min<std::uint64_t>((buffer.words + 255) / 256, static_cast<std::uint64_t>(ctx.properties().multiProcessorCount) * 32);
  unsigned long long words = buffer.words, count = n;
  void* args[] = {&p, &words, &count};
  ctx.launch(f, dim3(static_cast<unsigned>(std::max<std::uint64_t>(blocks, 1))), dim3(256), args);
}

void launch(DeviceContext& ctx, CUfunction f, const kernels::Launch& launch, const std::vector<void*>& buffers) {
  // Every argument gets its own 8-byte slot; the driver reads as many bytes as the parameter has.
  std::vector<std::uint64_t> values(launch.args.size());
  std::vector<void*> pointers(launch.args.size());
  std::vector<void*> args(launch.args.size());
  for (std::size_t i = 0; i < launch.args.size(); ++i) {
    const kernels::Arg& a = launch.args[i];
    if (a.kind == kernels::Arg::Kind::buffer) {
      if (a.bits >= buffers.size()) throw DeviceError("launch argument " + std::to_string(i) + " names a missing buffer");
      pointers[i] = buffers[a.bits];
      args[i] = &pointers[i];
    } else {
      values[i] = a.bits;  // little-endian: the low 4 bytes of a 32-bit scalar come first
      args[i] = &values[i];
    }
  }
  auto dim = [](const kernels::Dim& d) {
    return dim3(static_cast<unsigned>(d.x), static_cast<unsigned>(d.y), static_cast<unsigned>(d.z));
  };
  ctx.launch(f, dim(launch.grid), dim(launch.block), args.data());
}

std::string ReferenceCache::compare(DeviceContext& ctx, const kernels::Check& check, const kernels::Buffer& output,
                                    const void* p) {
  const std::vector<Sample> samples = ctx.sample(p, output.words, check.max_samples, output.element);
  std::vector<kernels::Expected>& expected = cache_[check.key];
  if (expected.size() != samples.size()) {
    // The CPU reference is most of a verification's time at large sizes: computed on every core.
    expected.assign(samples.size(), {});
    // About 256 chunks: a few thousand costly elements (fp32's 4096-FMA chains) spread as well as millions.
    const std::size_t grain = std::max<std::size_t>(16, samples.size() / 256);
    parallel_for(samples.size(), grain, [&](std::size_t i) { expected[i] = check.expected(samples[i].index); });
  }
  Mismatches m;
  for (std::size_t i = 0; i < samples.size(); ++i)
    m.add(samples[i].index, samples[i].value, expected[i].value, expected[i].tolerance);
  return m.message();
}

void Mismatches::add(std::uint64_t index, double got, double expected, double tolerance) {
  ++checked;
  if (std::fabs(got - expected) <= tolerance) return;  // false for NaN: a NaN is always wrong
  if (wrong++ == 0) {
    first_index = index;
    first_got = got;
    first_expected = expected;
    first_tolerance = tolerance;
  }
}

std::string Mismatches::message() const {
  if (wrong == 0) return "";
  std::ostringstream s;
  s.precision(9);
  s << wrong << " of " << checked << " checked elements differ from the CPU reference; first at index " << first_index
    << ": got " << first_got << ", expected " << first_expected << " (tolerance " << first_tolerance << ")";
  return s.str();
}

}  // namespace autobench::backend::cuda
