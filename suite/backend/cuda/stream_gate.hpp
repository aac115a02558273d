// Holds a stream until the host has queued a batch of work, so that the GPU runs the batch back to back:
// launch-bound work then times the GPU, not how fast this rank's host thread queues launches.
#pragma once

#include <cuda.h>
#include <cuda_runtime_api.h>

#include <cstdint>

namespace autobench::backend::cuda {

// A stream that waits (cuStreamWaitValue32) on a flag in mapped host memory which only the host writes.
// Without a gate, a launch-bound size is timed while the GPU waits for each launch to be queued, so the
// host thread's jitter is timed too: on one 4 x H100 host, warm points below 1M elements needed 5-7x the
// launches to reach the noise target, and 9-13 % of them hit the launch cap, against 1 % or less gated
// (bench/compare/README.md, issue 45). It does not remove the rank effect at those sizes, which follows
// where a rank's process runs on the host.
class StreamGate {
 public:
  explicit StreamGate(cudaStream_t stream);
  ~StreamGate();  // releases a held stream first: a stream is never left waiting
  StreamGate(const StreamGate&) = delete;
  StreamGate& operator=(const StreamGate&) = delete;

  // Queues the wait: work queued after it runs only once release() is called. Throws DeviceError when the
  // driver refuses the wait.
  void hold();
  // Lets the held work run.
  void release();

 private:
  cudaStream_t stream_;
  std::uint32_t* flag_ = nullptr;  // mapped host memory, written by the host only
  CUdeviceptr device_flag_ = 0;
  std::uint32_t generation_ = 0;
  bool held_ = false;
};

}  // namespace autobench::backend::cuda
