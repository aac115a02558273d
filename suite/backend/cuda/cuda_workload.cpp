// CUDA workload (see cuda_workload.hpp).
#include "suite/backend/cuda/cuda_workload.hpp"

#include <algorithm>
#include <cmath>

#include "numerics/statistics.hpp"
#include "kernels/tuning.hpp"
#include "suite/backend/cuda/cuda_check.hpp"
#include "suite/backend/cuda/event_timer.hpp"

namespace autobench::backend::cuda {

CudaWorkload::CudaWorkload(std::shared_ptr<DeviceContext> ctx, const kernels::KernelSpec& kernel, std::uint64_t n)
    : ctx_(std::move(ctx)), kernel_(kernel), n_(n) {
  if (n_ == 0) throw DeviceError(kernel_.name + ": problem size 0");
  const std::vector<kernels::Tunables> space = kernels::tuning_space(kernel_, n_);
  if (space.empty()) {
    throw DeviceError(kernel_.name + ": no tuning configuration fits size " + std::to_string(n_) +
                      " (sizes must be multiples of " + std::to_string(kernel_.granularity) + ")");
  }
  init_config_ = space.front();
  ctx_->make_current();
  specs_ = kernel_.buffers(n_);
  for (const auto& spec : specs_) {
    buffers_.emplace_back(spec.words, kernel_.name + " buffer " + spec.name + " at size " + std::to_string(n_));
    pointers_.push_back(buffers_.back().data());
  }
  fill_inputs();
  ctx_->synchronize();
}

CudaWorkload::~CudaWorkload() {
  // The buffers are freed on this workload's device, after its queued work.
  if (cudaSetDevice(ctx_->ordinal()) == cudaSuccess) cudaStreamSynchronize(ctx_->stream());
}

void CudaWorkload::fill_inputs() {
  for (std::size_t i = 0; i < specs_.size(); ++i)
    if (specs_[i].input()) fill_input(*ctx_, kernel_, init_config_, specs_[i], pointers_[i], n_);
}

std::vector<kernels::Tunables> CudaWorkload::configurations() const {
  std::vector<kernels::Tunables> space = kernels::tuning_space(kernel_, n_);
  precompile(space);  // the whole space now, in parallel, rather than one configuration per verify() or time()
  return space;
}

void CudaWorkload::precompile(const std::vector<kernels::Tunables>& configs) const {
  compile_all(kernel_.source(), configs, ctx_->target());
}

void CudaWorkload::verify(const kernels::Tunables& config) {
  ctx_->make_current();
  CUfunction f = ctx_->function(kernel_.source(), kernel_.name, config);
  fill_inputs();
  for (std::size_t i = 0; i < specs_.size(); ++i) {
    if (!specs_[i].input())
      check(cudaMemsetAsync(pointers_[i], specs_[i].accumulated ? 0 : 0xFF, buffers_[i].bytes(), ctx_->stream()),
            "cudaMemsetAsync (NaN poison, or zero for accumulators)");
  }
  launch(*ctx_, f, kernel_.launch(config, n_), pointers_);
  ctx_->synchronize();
  const kernels::Check wanted = kernel_.check(config, n_);
  const std::string problem = compare_output(*ctx_, reference_, wanted, specs_.at(wanted.buffer), pointers_.at(wanted.buffer));
  if (!problem.empty()) {
    throw VerificationError(kernel_.name + " [" + kernels::to_string(config) + "] at size " + std::to_string(n_) +
                            " is wrong: " + problem);
  }
}

Timing CudaWorkload::time(const kernels::Tunables& config, const TimingPlan& plan) {
  ctx_->make_current();
  // Compile and load before the first event, so no iteration waits for NVRTC.
  CUfunction f = ctx_->function(kernel_.source(), kernel_.name, config);
  const kernels::Launch geometry = kernel_.launch(config, n_);
  std::function<void()> between;
  if (plan.cold) {
    between = [this] {
      fill_inputs();
      ctx_->flush_l2();
    };
  }
  // NVML, when present, is read while the timed launches run (clocks, temperature and reasons only: the
  // cheap queries): the median SM clock, the highest temperature and every clock-event reason seen.
  Timing timing;
  std::vector<double> clocks, mem_clocks;
  auto observe = [&] {
    const auto s = ctx_->read_telemetry();
    if (!s) return;
    if (!std::isnan(s->sm_clock_mhz)) clocks.push_back(s->sm_clock_mhz);
    if (!std::isnan(s->mem_clock_mhz)) mem_clocks.push_back(s->mem_clock_mhz);
    if (!std::isnan(s->temperature_c) && !(timing.temperature_c >= s->temperature_c)) timing.temperature_c = s->temperature_c;
    timing.clock_event_reasons |= s->clock_event_reasons;
  };
  // Warm timing is gated (launch-bound sizes time the GPU, not this rank's host thread); cold timing's
  // re-initialisation between launches is not gated (it may wait on the host).
  timing.seconds = time_on_stream(
      *ctx_, plan.warmup, plan.iterations, [&] { launch(*ctx_, f, geometry, pointers_); }, between,
      observe, !between);
  if (!clocks.empty()) timing.sm_clock_mhz = numerics::median(std::move(clocks));
  if (!mem_clocks.empty()) timing.mem_clock_mhz = numerics::median(std::move(mem_clocks));
  return timing;
}

void CudaWorkload::run(const kernels::Tunables& config, int launches) {
  ctx_->make_current();
  CUfunction f = ctx_->function(kernel_.source(), kernel_.name, config);
  const kernels::Launch geometry = kernel_.launch(config, n_);
  for (int i = 0; i < launches; ++i) launch(*ctx_, f, geometry, pointers_);
  ctx_->synchronize();
}

std::uint64_t CudaWorkload::allocated_bytes() const {
  std::uint64_t bytes = 0;
  for (const auto& b : buffers_) bytes += b.bytes();
  return bytes;
}

}  // namespace autobench::backend::cuda
