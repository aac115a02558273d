// Event timing (see event_timer.hpp).
#include "suite/backend/cuda/event_timer.hpp"

#include <chrono>
#include <thread>

#include "suite/backend/cuda/cuda_check.hpp"

namespace autobench::backend::cuda {
namespace {

// Timed launches queued behind one hold of the gate: few enough that queuing them never waits for the
// held stream (a launch queue holds about a thousand commands; a batch queues 3 per launch).
constexpr int kGateBatch = 32;

// Owns the events of one timing run.
struct Events {
  std::vector<cudaEvent_t> events;
  ~Events() {
    for (cudaEvent_t e : events) cudaEventDestroy(e);
  }
};

}  // namespace

std::vector<double> time_on_stream(DeviceContext& ctx, int warmup, int iterations, const std::function<void()>& work,
                                   const std::function<void()>& between,
                                   const std::function<void()>& while_running, bool gated) {
  std::vector<double> seconds;
  if (iterations <= 0) return seconds;
  Events ev;
  ev.events.reserve(2 * static_cast<std::size_t>(iterations));
  for (int i = 0; i < 2 * iterations; ++i) {
    cudaEvent_t e = nullptr;
    check(cudaEventCreate(&e), "cudaEventCreate");
    ev.events.push_back(e);
  }
  for (int i = 0; i < warmup; ++i) {
    if (between) between();
    work();
  }
  // Gated, the timed launches are queued in batches behind the gate and run back to back once a batch is
  // queued (stream_gate.hpp).
  StreamGate* gate = gated ? &ctx.gate() : nullptr;
  const struct Opened {  // a launch that throws leaves no batch held
    StreamGate* gate;
    ~Opened() {
      if (gate) gate->release();
    }
  } opened{gate};
  for (int i = 0; i < iterations; ++i) {
    if (gate && i % kGateBatch == 0) gate->hold();
    if (between) between();
    check(cudaEventRecord(ev.events[2 * i], ctx.stream()), "cudaEventRecord");
    work();
    check(cudaEventRecord(ev.events[2 * i + 1], ctx.stream()), "cudaEventRecord");
    if (gate && (i % kGateBatch == kGateBatch - 1 || i == iterations - 1)) gate->release();
  }
  if (while_running) {
    // Observes once at once and then every 10 ms, but looks at the stream every 0.1 ms: short work (most
    // dataset configurations) returns as soon as it is done instead of at the next observation. An
    // observation is an NVML read, which takes a driver lock the node's other ranks share: every 2 ms
    // made four ranks on a 4 x H100 node 1.56x slower than one (bench/mpi/README.md, host time).
    using Clock = std::chrono::steady_clock;
    constexpr auto kObservePeriod = std::chrono::milliseconds(10);
    bool running = true;
    while (running) {
      while_running();
      const auto next = Clock::now() + kObservePeriod;
      // Not ready: still running; done, or failed (synchronize() reports it): stop.
      while ((running = cudaStreamQuery(ctx.stream()) == cudaErrorNotReady) && Clock::now() < next)
        std::this_thread::sleep_for(std::chrono::microseconds(100));
    }
  }
  ctx.synchronize();
  seconds.reserve(static_cast<std::size_t>(iterations));
  for (int i = 0; i < iterations; ++i) {
    float ms = 0.0f;
    check(cudaEventElapsedTime(&ms, ev.events[2 * i], ev.events[2 * i + 1]), "cudaEventElapsedTime");
    seconds.push_back(static_cast<double>(ms) * 1e-3);
  }
  return seconds;
}

}  // namespace autobench::backend::cuda
