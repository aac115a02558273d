// Times queued GPU work with a pair of CUDA events around every iteration on the device's stream.
#pragma once

#include <functional>
#include <vector>

#include "suite/backend/cuda/device_context.hpp"

namespace autobench::backend::cuda {

// Runs `between` then `work` warmup times untimed, then `iterations` times with events recorded
// right around `work` only (so `between`, e.g. an L2 flush, is not timed), and returns the seconds of
// each timed iteration. Both callbacks only queue work on ctx.stream(); `between` may be empty. `gated`:
// the timed iterations are queued 32 at a time behind the context's StreamGate and run back to back, so
// that a launch-bound iteration times the GPU, not the host queuing it (`work` must then never wait on
// the stream, nor `between`).
// `while_running`, when given, is called once all is queued and then every 2 ms until the stream is
// idle (which is checked every 0.1 ms), to observe the device (NVML) while the timed work runs.
std::vector<double> time_on_stream(DeviceContext& ctx, int warmup, int iterations, const std::function<void()>& work,
                                   const std::function<void()>& between = {},
                                   const std::function<void()>& while_running = {}, bool gated = false);

}  // namespace autobench::backend::cuda
