// Running a kernel from its definition (see kernel_runner.hpp).
#include "suite/backend/cuda/kernel_runner.hpp"

#include <algorithm>

#include "suite/backend/device.hpp"

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

std::string compare_output(DeviceContext& ctx, ReferenceCache& references, const kernels::Check& check,
                           const kernels::Buffer& output, const void* p) {
  const SamplePositions at = sample_positions(output.words, check.max_samples);
  return references.compare(check, at, ctx.read_back(p, at), output.element).message();
}

}  // namespace autobench::backend::cuda
